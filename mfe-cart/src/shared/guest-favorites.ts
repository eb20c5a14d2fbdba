import { mergeGuestFavorites } from '@gi/contracts/favorites-merge';
import { toastError } from '@gi/ui';

/**
 * On signing in or registering: the guest's favourites into the account (decision 048). A
 * failure is told and keeps the list in the browser, where the storefront's hearts merge it
 * on their next load; the sign-in itself goes on either way.
 */
export function keepGuestFavorites(): Promise<void> {
  return mergeGuestFavorites().catch((error: unknown) => {
    console.error('merging the guest favourites failed', error);
    toastError('Favorit Anda belum tersimpan ke akun. Kami akan mencoba lagi.');
  });
}
