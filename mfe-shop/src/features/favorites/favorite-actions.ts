import { api } from '@gi/contracts/api';
import { mergeGuestFavorites, writeGuestFavorites } from '@gi/contracts/favorites-merge';
import { FAVORITES_LIMIT, readGuestFavorites } from '@gi/contracts/guest-favorites';
import { errorMessage } from '@gi/session';
import { toastError } from '@gi/ui';
import { favoriteIds, favoriteOwner, setFavoriteIds } from './favorite-store.ts';

// What a heart's press does, loaded on the first touch of one (decision 048), as the buy
// button loads mfe-cart's './addToCart': kept out of the first page view.

/** The account's favourites the server answers in one page; a list holds at most FAVORITES_LIMIT. */
const PAGE_SIZE = 50;

let synced: Promise<void> | undefined;
let syncedFor: string | null = null;

/**
 * The hearts follow whoever is signed in: a customer's list comes from the server (after the
 * guest's own list, if any, has been merged into it: decision 043's merge, once), a guest's
 * from the browser.
 */
export function follow(userId: string | null): Promise<void> {
  if (userId === null) {
    synced = undefined;
    syncedFor = null;
    if (favoriteOwner() !== null) setFavoriteIds(readGuestFavorites(), null);
    return Promise.resolve();
  }
  if (synced && syncedFor === userId) return synced;
  syncedFor = userId;
  synced = (async () => {
    await mergeGuestFavorites();
    const first = await api('GET /favorites', { query: { page: 1, pageSize: PAGE_SIZE } });
    const pages = Math.min(Math.ceil(first.total / PAGE_SIZE), FAVORITES_LIMIT / PAGE_SIZE);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
        api('GET /favorites', { query: { page: i + 2, pageSize: PAGE_SIZE } }),
      ),
    );
    setFavoriteIds(
      [first, ...rest].flatMap((page) => page.items.map((item) => item.id)),
      userId,
    );
  })().catch((error: unknown) => {
    synced = undefined;
    throw error;
  });
  return synced;
}

/**
 * Adds or removes `productId`: at once on the page, then in the browser (a guest) or on the
 * server (a customer, in order after the list has come); a refusal puts the heart back and says why.
 */
export async function toggleFavorite(productId: string, userId: string | null): Promise<void> {
  try {
    if (userId !== null) await follow(userId);
  } catch (error) {
    toastError(errorMessage(error, 'Favorit gagal dimuat. Silakan coba lagi.'));
    return;
  }
  const before = favoriteIds();
  const adding = !before.includes(productId);
  if (adding && before.length >= FAVORITES_LIMIT) {
    toastError(`Favorit sudah penuh (maksimal ${FAVORITES_LIMIT} produk). Hapus yang lain dulu.`);
    return;
  }
  const after = adding ? [productId, ...before] : before.filter((id) => id !== productId);
  setFavoriteIds(after);
  if (userId === null) {
    writeGuestFavorites(after);
    return;
  }
  try {
    const params = { params: { productId } };
    await (adding ? api('PUT /favorites/{productId}', params) : api('DELETE /favorites/{productId}', params));
  } catch (error) {
    const now = favoriteIds().filter((id) => id !== productId);
    setFavoriteIds(adding ? now : [productId, ...now]);
    toastError(errorMessage(error, 'Favorit gagal disimpan. Silakan coba lagi.'));
  }
}
