import { readGuestFavorites } from '@gi/contracts/guest-favorites';
import { useSyncExternalStore } from 'react';

/**
 * The product ids the hearts of this page show pressed (decision 048): a guest's from the
 * browser, a customer's as the server last answered them ('./favorite-actions.ts' fills those).
 * Only this much is on the first page view; what a press does loads on the first touch.
 */
let ids: readonly string[] | undefined;
/** Whose list `ids` is: a user's id, or null for the guest's own (the browser's). */
let owner: string | null = null;
const listeners = new Set<() => void>();

export function favoriteIds(): readonly string[] {
  ids ??= owner === null ? readGuestFavorites() : [];
  return ids;
}

export function favoriteOwner(): string | null {
  return owner;
}

/** Replaces the list the hearts show (`forOwner`: whose it is, when it changes hands). */
export function setFavoriteIds(next: readonly string[], forOwner: string | null = owner): void {
  ids = next;
  owner = forOwner;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the heart of `productId` is pressed; unpressed in the server's HTML, then the browser's truth. */
export function useIsFavorite(productId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => favoriteIds().includes(productId),
    () => false,
  );
}

/** Every favourite id, newest first (the guest's 'Favorit' page reads its list here). */
export function useFavoriteIds(): readonly string[] {
  return useSyncExternalStore(subscribe, favoriteIds, () => EMPTY);
}
const EMPTY: readonly string[] = [];
