import { z } from 'zod';
import { FAVORITES_LIMIT } from '../guest-favorites.ts';
import { listQuerySchema, pageSchema, productSchema } from './catalog.ts';

// 'Favorit' (issue 41, decision 043): a customer's favourites on the server; a guest's are kept
// in the browser and merged on sign-in.

/** Favourites one account keeps (migration 0039's trigger), and ids one merge may send. */
export { FAVORITES_LIMIT };

export const favoritesQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

/** A favourite: the product as the catalogue's cards read it (current prices and stock) and when it was added. */
export const favoriteItemSchema = productSchema.extend({ added_at: z.string() });
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

export const favoritePageSchema = pageSchema(favoriteItemSchema);

/** After an add or a removal: whether the product is a favourite now, and how many there are. */
export const favoriteStateSchema = z.object({
  productId: z.string(),
  favorite: z.boolean(),
  total: z.number().int(),
});
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

const productId = z.string().min(1).max(64);

/** The guest's list from the browser, newest first: merged as far as the account has room. */
export const favoritesMergeSchema = z.strictObject({
  productIds: z
    .array(productId, { error: 'Daftar favorit tidak valid' })
    .max(FAVORITES_LIMIT, `Maksimal ${FAVORITES_LIMIT} produk favorit`),
});
export type FavoritesMerge = z.infer<typeof favoritesMergeSchema>;

/** How many of the guest's products were added (unknown ids, ones already there and those past the limit are not). */
export const favoritesMergedSchema = z.object({
  added: z.number().int(),
  total: z.number().int(),
});

/** Products a guest's 'Favorit' page reads at once (one page of their list). */
export const PRODUCTS_BY_IDS_LIMIT = 50;

/** `GET /api/products/by-ids?ids=a,b,c`: the guest's favourites as the cards read them, in one bounded read. */
export const productsByIdsQuerySchema = z.object({
  ids: z
    .string({ error: 'Daftar produk harus diisi' })
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(
      z
        .array(productId, { error: 'Daftar produk tidak valid' })
        .min(1, 'Daftar produk harus diisi')
        .max(PRODUCTS_BY_IDS_LIMIT, `Maksimal ${PRODUCTS_BY_IDS_LIMIT} produk sekaligus`),
    ),
});
