import {
  type CollectionDetail,
  formatRupiah,
  formatSize,
  inStock,
  type PageRead,
  PRODUCTS_PAGE_SIZE,
  type Product,
  pageRead,
  parsePage,
  type RouteMatch,
} from '@gi/contracts';

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
