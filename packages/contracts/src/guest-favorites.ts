// 'Favorit' in the browser (decision 048): a guest's list in localStorage, newest first, which
// the account takes over once on signing in. Zod-free: the storefront's hearts read it on the
// first page view. Writing it and the merge into the account are in favorites-merge.ts, with the
// code that a press loads.

/** Favourites one account keeps (migration 0039's trigger): a guest's list stops there too. */
export const FAVORITES_LIMIT = 200;
export const GUEST_FAVORITES_KEY = 'gi-favorites';

/** The guest's product ids, newest first; nothing when storage is off or holds something else. */
export function readGuestFavorites(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(GUEST_FAVORITES_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
