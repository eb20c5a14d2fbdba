// 'Favorit' in the browser (decision 048): a guest's list in localStorage, newest first, which
// the account takes over once on signing in. Zod-free: the storefront's hearts read it on the
// first page view. The merge into the account is in favorites-merge.ts (it needs the API client).

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

export function writeGuestFavorites(ids: readonly string[]): void {
  try {
    if (ids.length > 0) localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(ids));
    else localStorage.removeItem(GUEST_FAVORITES_KEY);
  } catch {
    // Storage off (private mode, full): the hearts still show this visit's list.
  }
}
