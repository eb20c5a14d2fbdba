import { formatRupiah, type RouteMatch } from '@gi/contracts';
import type { Env } from '../env.ts';

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

interface ProductRow {
  id: string;
  name: string;
  description: string;
  price: number;
  image: string;
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Per-route metadata. Product and collection pages read their record (one D1
 * query) so links shared on chat apps and crawlers get a real title, price and
 * image, and unknown records answer with HTTP 404.
 */
export async function resolveMeta(env: Env, match: RouteMatch, origin: string): Promise<PageMeta> {
  const base: PageMeta = { title: match.route.title, description: match.route.description, type: 'website' };
  if (match.route.path === '/product/:id') {
    const product = await env.DB.prepare(
      'SELECT id, name, description, price, image FROM products WHERE id = ?',
    )
      .bind(match.params.id ?? '')
      .first<ProductRow>();
    if (!product) return { ...base, title: `Produk Tidak Ditemukan | ${SITE}`, missing: true };
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
        offers: {
          '@type': 'Offer',
          url: `${origin}/product/${product.id}`,
          priceCurrency: 'IDR',
          price: String(product.price),
          availability: 'https://schema.org/InStock',
        },
      },
    };
  }
  if (match.route.path === '/collections/:slug') {
    const collection = await env.DB.prepare('SELECT name, description, image FROM collections WHERE slug = ?')
      .bind(match.params.slug ?? '')
      .first<{ name: string; description: string | null; image: string | null }>();
    if (!collection) return { ...base, title: `Koleksi Tidak Ditemukan | ${SITE}`, missing: true };
    return {
      ...base,
      title: `${collection.name} | ${SITE}`,
      description: clip(collection.description ?? `Parfum pilihan dari ${collection.name}.`),
      ...(collection.image ? { image: new URL(collection.image, origin).href } : {}),
    };
  }
  return base;
}
