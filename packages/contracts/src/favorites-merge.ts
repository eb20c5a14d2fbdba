import { api } from './api.ts';
import { FAVORITES_LIMIT, GUEST_FAVORITES_KEY, readGuestFavorites } from './guest-favorites.ts';

/** Replaces the guest's list in the browser (a press; emptied once merged). */
export function writeGuestFavorites(ids: readonly string[]): void {
  try {
    if (ids.length > 0) localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(ids));
    else localStorage.removeItem(GUEST_FAVORITES_KEY);
  } catch {
    // Storage off (private mode, full): the hearts still show this visit's list.
  }
}

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
