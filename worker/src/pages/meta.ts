import {
  type CollectionDetail,
  FIRST_REVIEWS_QUERY,
  formatRupiah,
  formatSize,
  inStock,
  type PageRead,
  PRODUCTS_PAGE_SIZE,
  type Product,
  type ProductDetail,
  pageRead,
  parsePage,
  type ReviewPage,
  type RouteMatch,
} from '@gi/contracts';
import { trustMarksLd } from './trust-marks-ld.ts';

const SITE = 'PT. Global Imperium';

/** What the Worker puts into a page's <head> before it reaches the browser. */
export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type: 'website' or 'product'. */
  type: 'website' | 'product';
  image?: string;
  /** Structured data (schema.org) for crawlers. */
  jsonLd?: Record<string, unknown>;
  /** The route exists but its record does not (unknown product or collection). */
  missing?: boolean;
}

/** The metadata of a path of no route: the shell's 404 page. */
export const NOT_FOUND: PageMeta = {
  title: `Halaman Tidak Ditemukan | ${SITE}`,
  description: 'Halaman yang Anda cari tidak ada.',
  type: 'website',
  missing: true,
};

// Google's review snippet: a few reviews with their author, stars, date and text are enough.
const JSON_LD_REVIEWS = 3;

/**
 * The product's published reviews for search engines (Google's review snippet on a Product):
 * the average and count, and the first reviews of the page's own read. None without reviews:
 * a rating of nothing is invalid markup.
 */
function reviewsLd(page: ReviewPage | undefined): Record<string, unknown> {
  if (!page || page.summary.count === 0 || page.summary.average === null) return {};
  const stars = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: page.summary.average,
      reviewCount: page.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: page.items.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      reviewRating: stars(review.rating),
      ...(review.publishedAt ? { datePublished: review.publishedAt.slice(0, 10) } : {}),
      reviewBody: review.body,
    })),
  };
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An API answer the page carries: its status, and its body when it succeeded. */
export interface Answer {
  status: number;
  body?: unknown;
}

/**
 * Per-route metadata, from the API answers already inlined into the page (no
 * second read of the record): links shared on chat apps and crawlers get a real
 * title, price and image, and an unknown product or collection answers HTTP 404.
 */
export function pageMeta(
  match: RouteMatch,
  origin: string,
  answer: (read: PageRead) => Answer | undefined,
  search = new URLSearchParams(),
): PageMeta {
  const base: PageMeta = { title: match.route.title, description: match.route.description, type: 'website' };
  if (match.route.path === '/product/:id') {
    const found = answer(pageRead('GET /products/{id}', { params: { id: match.params.id ?? '' } }));
    if (found?.status === 404) return { ...base, title: `Produk Tidak Ditemukan | ${SITE}`, missing: true };
    const product = found?.body as Product | undefined;
    if (!product) return base;
    const image = new URL(product.image, origin).href;
    const reviews = answer(
      pageRead('GET /products/{id}/reviews', { params: { id: product.id }, query: FIRST_REVIEWS_QUERY }),
    )?.body as ReviewPage | undefined;
    return {
      title: `${product.name} – ${formatRupiah(product.price)} | ${SITE}`,
      description: clip(product.description),
      type: 'product',
      image,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        image: [image],
        sku: product.id,
        brand: { '@type': 'Brand', name: SITE },
        // One offer per size, each with its own price and availability.
        offers: product.variants.map((variant) => ({
          '@type': 'Offer',
          name: formatSize(variant.size_ml),
          ...(variant.sku ? { sku: variant.sku } : {}),
          url: `${origin}/product/${product.id}`,
          priceCurrency: 'IDR',
          // A timed sale's price until its end (decision 046); Google reads priceValidUntil as a date.
          price: String(variant.sale_price ?? variant.price),
          ...(variant.sale_ends_at ? { priceValidUntil: variant.sale_ends_at.slice(0, 10) } : {}),
          availability: `https://schema.org/${inStock(variant) ? 'InStock' : 'OutOfStock'}`,
        })),
        ...trustMarksLd(product as ProductDetail),
        ...reviewsLd(reviews),
      },
    };
  }
  if (match.route.path === '/collections/:slug') {
    const found = answer(
      pageRead('GET /collections/{slug}', {
        params: { slug: match.params.slug ?? '' },
        query: { page: parsePage(search.get('page')), pageSize: PRODUCTS_PAGE_SIZE },
      }),
    );
    if (found?.status === 404) return { ...base, title: `Koleksi Tidak Ditemukan | ${SITE}`, missing: true };
    const collection = found?.body as CollectionDetail | undefined;
    if (!collection) return base;
    return {
      ...base,
      title: `${collection.name} | ${SITE}`,
      description: clip(collection.description ?? `Parfum pilihan dari ${collection.name}.`),
      ...(collection.image ? { image: new URL(collection.image, origin).href } : {}),
    };
  }
  return base;
}
