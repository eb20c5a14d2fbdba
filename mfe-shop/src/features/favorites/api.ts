import type { Product } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions } from '@gi/platform';

/** A page of the 'Favorit' page: ten cards, as the server's page sizes allow (10, 25, 50). */
export const FAVORITES_PAGE_SIZE = 10;

export interface FavoritesPage {
  items: Product[];
  total: number;
}

/**
 * A customer's page, in one read of the server's list (current prices and stock). The guest's
 * list, if any, joins the account first, so the page shows it.
 */
export function accountFavoritesQuery(userId: string, page: number) {
  return queryOptions({
    queryKey: ['favorites', userId, page] as const,
    queryFn: async (): Promise<FavoritesPage> => {
      await (await import('./favorite-actions.ts')).follow(userId);
      const { items, total } = await api('GET /favorites', {
        query: { page, pageSize: FAVORITES_PAGE_SIZE },
      });
      return { items, total };
    },
  });
}

/** A guest's page: the products of its ids (kept in the browser) in one bounded read. */
export function guestFavoritesQuery(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['favorites', 'guest', ids] as const,
    queryFn: async () => (await api('GET /products/by-ids', { query: { ids: ids.join(',') } })).items,
    enabled: ids.length > 0,
  });
}
