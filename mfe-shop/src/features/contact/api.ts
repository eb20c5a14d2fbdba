import type { ContactMessageInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';

/** POST /api/contact: the message becomes a customer-service record the admin sees. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessageInput) =>
      apiRequest<{ ok: true }>('/api/contact', { method: 'POST', body: JSON.stringify(message) }),
  });
}
