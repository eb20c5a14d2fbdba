import { api } from '@gi/contracts/api';
import { useMutation, useQueryClient } from '@gi/platform';
import { sessionQuery } from '@gi/session';

/**
 * The staff sign-in's second step (decision 053): the app's code or a recovery code, for the
 * account whose password the server just accepted; a right one signs this browser in.
 */
export function useSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('POST /auth/login/two-factor', { body: { code } }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}
