import type { TwoFactorDisableInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

// Two-factor sign-in of the signed-in staff account (decision 053).

const twoFactorKey = ['admin', 'two-factor'] as const;

/** Whether two-factor is on, required, and how many recovery codes are left. */
export const twoFactorQuery = queryOptions({
  queryKey: twoFactorKey,
  queryFn: () => api('GET /auth/two-factor'),
});

/** A new secret to scan; it guards nothing until a code confirms it. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => api('POST /auth/two-factor/setup') });

export function useRefreshTwoFactor() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: twoFactorKey });
}

/**
 * Turns it on; the status is refreshed once the recovery codes shown are put away
 * (`useRefreshTwoFactor`), so a page held until two-factor is on does not open under them.
 */
export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (code: string) => api('POST /auth/two-factor/enable', { body: { code } }) });

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) => api('POST /auth/two-factor/disable', { body: input }),
    onSuccess: refresh,
  });
}

/**
 * New recovery codes with two-factor kept on (the old ones end). Like turning it on, the status is
 * refreshed once the codes shown are put away.
 */
export const useRenewRecoveryCodes = () =>
  useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      api('POST /auth/two-factor/recovery-codes', { body: input }),
  });
