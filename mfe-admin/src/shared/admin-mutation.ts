import { useMutation } from '@gi/platform';
import { useState } from 'react';

interface AdminMutationOptions<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** Refetches the views the change touched (their `invalidateQueries`), after a success. */
  refresh: (data: Data, variables: Variables) => Promise<unknown>;
}

/**
 * An admin change (`useMutation`) that refreshes the views it touched. The refresh is started,
 * not awaited by the mutation: `mutate`'s callbacks (the toast, closing the dialog) run as soon
 * as the server has answered, before the refreshed list can re-render their dialog, card or row
 * away (TanStack Query drops the callbacks of an observer that has unmounted, and the toast with
 * them). `isPending` still lasts until the refresh has landed, so the button that sent the change
 * stays disabled while its row shows the old state: no second submit of a change already made.
 */
export function useAdminMutation<Data, Variables>({
  mutationFn,
  refresh,
}: AdminMutationOptions<Data, Variables>) {
  const [refreshing, setRefreshing] = useState(0);
  const mutation = useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      setRefreshing((count) => count + 1);
      const done = () => setRefreshing((count) => count - 1);
      refresh(data, variables).then(done, done);
    },
  });
  return { ...mutation, isPending: mutation.isPending || refreshing > 0 };
}
