import { api } from './api.ts';
import { FAVORITES_LIMIT, readGuestFavorites, writeGuestFavorites } from './guest-favorites.ts';

/**
 * After signing in: the guest's list into the account (the server adds what it has room for,
 * ignoring unknown ids and repeats), then out of the browser, so it merges once. A failure
 * keeps the list for the next try.
 */
export async function mergeGuestFavorites(): Promise<void> {
  const productIds = readGuestFavorites().slice(0, FAVORITES_LIMIT);
  if (productIds.length === 0) return;
  await api('POST /favorites/merge', { body: { productIds } });
  writeGuestFavorites([]);
}
