import {
  collectionDetailQuerySchema,
  DETAIL_IMAGE_SIZES,
  imageSizes,
  imageSrcSet,
  listQuerySchema,
  type PageAnswers,
  type PageRead,
  type PageReadName,
  type Product,
  productListQuerySchema,
  readPath,
} from '@gi/contracts';
import type { Context } from 'hono';
import { getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { findCollectionBySlug, readCollections } from '../services/collections.ts';
import { readFaq, readPolicy } from '../services/content.ts';
import { findProduct, readNotes, readProducts, readSizes } from '../services/products.ts';
import { readSiteSettings } from '../services/settings.ts';
import { loadShippingConfig } from '../shipping/zones.ts';

type ReadOf<N extends PageReadName> = Extract<PageRead, { name: N }>;

/**
 * A read's answer: the body the API would send, null where it would answer 404, or
 * undefined where it would refuse the input (400): the page then asks the API itself.
 */
type Reader<N extends PageReadName> = (
  c: Context<AppEnv>,
  read: ReadOf<N>,
) => Promise<PageAnswers[N] | null | undefined>;

/** The read's query string as the API would get it, checked with the API's own schema. */
function query<T>(read: PageRead, schema: { safeParse(input: unknown): { success: boolean; data?: T } }) {
  const parsed = schema.safeParse(
    Object.fromEntries(new URL(readPath(read), 'http://api.invalid').searchParams),
  );
  return parsed.success ? parsed.data : undefined;
}

const products = async (c: Context<AppEnv>, read: PageRead) => {
  const valid = query(read, productListQuerySchema);
  return valid && readProducts(getDb(c.env.DB), valid);
};

/**
 * Each read calls what its API route calls, with the route's own input checks, but
 * without a request through the app: a full cart page (30 lines) once made 31
 * requests through every middleware, now none.
 */
const readers: { [N in PageReadName]: Reader<N> } = {
  settings: (c) => readSiteSettings(getDb(c.env.DB)),
  faq: (c) => readFaq(getDb(c.env.DB)),
  policy: (c, { kind }) => readPolicy(getDb(c.env.DB), kind),
  shipping: (c) => loadShippingConfig(getDb(c.env.DB)),
  featuredProducts: products,
  products,
  productSizes: (c) => readSizes(getDb(c.env.DB)),
  productNotes: (c) => readNotes(getDb(c.env.DB)),
  product: async (c, { id }) => (await findProduct(getDb(c.env.DB), id)) ?? null,
  collections: async (c, read) => {
    const valid = query(read, listQuerySchema);
    return valid && readCollections(getDb(c.env.DB), valid);
  },
  collection: async (c, read) => {
    const valid = query(read, collectionDetailQuerySchema);
    return valid && ((await findCollectionBySlug(getDb(c.env.DB), read.slug, valid)) ?? null);
  },
};

/** The answers of a page's reads, by GET path (`readPath`): null where the API would answer 404. */
export type Answers = Map<string, unknown>;

function answer<N extends PageReadName>(c: Context<AppEnv>, read: ReadOf<N>) {
  return (readers[read.name] as Reader<N>)(c, read);
}

/**
 * Answers the reads as the API answers a guest: none depends on who asks. A read that
 * fails or whose input the API refuses is left out: the page asks for it itself.
 */
export async function answerReads(c: Context<AppEnv>, reads: PageRead[]): Promise<Answers> {
  const answered = await Promise.all(
    reads.map(async (read) => {
      try {
        return [readPath(read), await answer(c, read)] as const;
      } catch (error) {
        console.warn(JSON.stringify({ event: 'page_read_failed', read: read.name, error: String(error) }));
        return [readPath(read), undefined] as const;
      }
    }),
  );
  return new Map(answered.filter(([, body]) => body !== undefined));
}

// On a phone's first screen: the page's one product, or the first row of a grid.
const LEAD_PHOTOS = 2;

/** A photo to preload: the same candidates and sizes as its <img>. */
export interface LeadPhoto {
  href: string;
  srcset?: string | undefined;
  sizes: string;
}

/** A product photo with its stored widths, at the size the layout gives it. */
function productPhoto({ image, image_widths }: Product, sizes: string): LeadPhoto | null {
  return image
    ? { href: image, srcset: imageSrcSet({ url: image, widths: image_widths ?? [] }), sizes }
    : null;
}

/** The photos that lead the first screen (the route's `leadPhotos`), from its answer. */
export function leadPhotos(read: PageRead | undefined, answers: Answers): LeadPhoto[] {
  if (!read) return [];
  const body = answers.get(readPath(read));
  if (!body) return [];
  const photos = (() => {
    switch (read.name) {
      case 'product':
        return [productPhoto(body as PageAnswers['product'], DETAIL_IMAGE_SIZES)];
      case 'products':
      case 'featuredProducts':
        return (body as PageAnswers['products']).items.map((p) => productPhoto(p, imageSizes.card));
      case 'collections':
        // Banners have one width.
        return (body as PageAnswers['collections']).items.map(({ image }) =>
          image ? { href: image, sizes: '' } : null,
        );
      case 'collection':
        return (body as PageAnswers['collection']).products.map((p) => productPhoto(p, imageSizes.card));
      default:
        return [];
    }
  })();
  return photos.filter((photo): photo is LeadPhoto => !!photo).slice(0, LEAD_PHOTOS);
}
