// GET paths of the API that pages read on arrival. The storefront requests them and
// the Worker, which inlines their answers into the page (see `readPath` in
// page-delivery.ts), builds the very same strings: one definition keeps the two in step.

import { NOTE_MAX_LENGTH } from './media.ts';
import { type Concentration, concentrations, type Gender, genders } from './scent-kinds.ts';

/** Products per page of the catalogue (the API allows 10, 25 or 50). */
export const PRODUCTS_PAGE_SIZE = 25;
/** product.md §8: the home page features the 3 newest products. */
export const FEATURED_COUNT = 3;
/**
 * The home's testimonials (GET /reviews/best): published reviews whose text is this long
 * (characters; migration 0063's index says the same), TESTIMONIAL_COUNT of them, else the home
 * keeps its written three (product.md §2).
 */
export const TESTIMONIAL_MIN_LENGTH = 40;
export const TESTIMONIAL_MAX_LENGTH = 300;
export const TESTIMONIAL_COUNT = 3;
/** Collections per page: the API's largest page, so the seeded six (and many more) fit one. */
export const COLLECTIONS_PAGE_SIZE = 50;

/** `?page=` as the pages read it: anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The orders of /products (`?sort=`); without one, newest first, or best match when searching. */
export const productSorts = ['newest', 'price-asc', 'price-desc', 'best-selling'] as const;
export type ProductSort = (typeof productSorts)[number];

/** Bounds the API and the pages share for the catalogue's search and filters. */
export const SEARCH_MAX_LENGTH = 100;
export const MAX_PRICE = 1_000_000_000;
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** A size in ml, as a product's variant and the catalogue's size filter take it. */
export const MAX_SIZE_ML = 5000;

/** What a shopper chose on /products; every field lives in the page's URL. */
export interface ProductBrowse {
  q: string;
  sort?: ProductSort | undefined;
  /** A collection's slug. */
  collection?: string | undefined;
  /** Price range in whole rupiah, both ends included. */
  min?: number | undefined;
  max?: number | undefined;
  /** A scent note, folded (foldNote). */
  note?: string | undefined;
  /** Sold in this size (ml). */
  size?: number | undefined;
  concentration?: Concentration | undefined;
  /** For whom: the product's gender. */
  gender?: Gender | undefined;
  page: number;
  /** The URL asked for a minimum above the maximum: both were dropped, and the page says so. */
  priceRangeIgnored?: true;
}

function parsePrice(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const price = Number(value);
  return price <= MAX_PRICE ? price : undefined;
}

/**
 * /products' query as the pages read it (zod-free, for the first page view): a value
 * the API would refuse (productListQuerySchema) falls back to its default instead.
 */
export function parseProductBrowse(search: URLSearchParams): ProductBrowse {
  const q = search.get('q')?.trim() ?? '';
  const sort = search.get('sort');
  const collection = search.get('collection');
  let min = parsePrice(search.get('min'));
  let max = parsePrice(search.get('max'));
  const priceRangeIgnored = min !== undefined && max !== undefined && min > max;
  if (priceRangeIgnored) [min, max] = [undefined, undefined];
  // Lower case only: the API folds accents too (foldNote), and the page's links carry folded notes.
  const note = (search.get('note') ?? '').trim().toLowerCase();
  const sizeText = search.get('size') ?? '';
  const size = /^\d{1,4}$/.test(sizeText) ? Number(sizeText) : 0;
  return {
    // Control characters are never typed; the API refuses them.
    q: q.length <= SEARCH_MAX_LENGTH && !/\p{Cc}/u.test(q) ? q : '',
    sort: productSorts.find((s) => s === sort),
    collection: collection && SLUG_PATTERN.test(collection) ? collection : undefined,
    min,
    max,
    note: note && note.length <= NOTE_MAX_LENGTH && !/\p{Cc}/u.test(note) ? note : undefined,
    size: size >= 1 && size <= MAX_SIZE_ML ? size : undefined,
    concentration: concentrations.find((c) => c === search.get('concentration')),
    gender: genders.find((g) => g === search.get('gender')),
    page: parsePage(search.get('page')),
    ...(priceRangeIgnored ? { priceRangeIgnored } : {}),
  };
}

/** The query string of a browse's page URL (/products), without defaults or blanks. */
export function productBrowseParams(browse: ProductBrowse): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    'q',
    'sort',
    'collection',
    'min',
    'max',
    'size',
    'note',
    'concentration',
    'gender',
  ] as const) {
    const value = browse[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (browse.page > 1) params.set('page', String(browse.page));
  return params;
}

/** The catalogue's query of a shopper's browse: its filters, its page and the catalogue's page size. */
export function productListQuery({
  q,
  sort,
  collection,
  min,
  max,
  note,
  size,
  concentration,
  gender,
  page,
}: ProductBrowse) {
  return {
    q,
    sort,
    collection,
    min,
    max,
    note,
    size,
    concentration,
    gender,
    page,
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}
