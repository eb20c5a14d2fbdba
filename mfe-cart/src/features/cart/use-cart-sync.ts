import { useSession } from '@gi/session';
import { useEffect } from 'react';
import { mergeCart, mergedFor } from './cart-sync.ts';

/**
 * Merges this device's cart with the signed-in customer's saved one once per account (decision
 * 050): after signing in here, or on a device where the session started elsewhere (a sign-in
 * link, a session kept from before). The merged lines replace the shown ones when they arrive.
 */
export function useCartSync(): void {
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    // Offline or refused: the cart stays as it is and the next visit tries again.
    if (userId && !mergedFor(userId)) mergeCart(userId).catch(() => undefined);
  }, [userId]);
}
