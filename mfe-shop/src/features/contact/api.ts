import type { ContactMessageInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { useMutation } from '@gi/platform';

/** The message becomes a customer-service record the admin sees. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessageInput) => api('POST /contact', { body: message }),
  });
}
