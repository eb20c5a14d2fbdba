import {
  DETAIL_IMAGE_SIZES,
  imageSizes,
  imageSrcSet,
  type PageNeeds,
  type PageRead,
  type Product,
  readPath,
} from '@gi/contracts';
import type { EndpointAnswer, EndpointKey } from '@gi/contracts/api-path';
import {
  collections,
  content,
  products,
  reviews,
  scentFinder,
  settings,
  shipping,
} from '@gi/contracts/endpoints';
import type { EndpointDefinition } from '@gi/contracts/endpoints/define';
import type { Context } from 'hono';
import type { z } from 'zod';
import { type Db, getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { findCollectionBySlug, readCollections } from '../services/collections.ts';
import { readFaq, readPolicy } from '../services/content.ts';
import { findProduct, readNotes, readProducts, readSizes } from '../services/products.ts';
import { readReviewPage, readTestimonials } from '../services/reviews.ts';
import { findScents } from '../services/scent-finder.ts';
import { readSiteSettings } from '../settings/rows.ts';
import { loadShippingConfig } from '../shipping/zones.ts';
import type { Answer } from './meta.ts';

/** A photo to preload: the same candidates and sizes as its <img>. */
export interface LeadPhoto {
  href: string;
  srcset?: string | undefined;
  sizes: string;
}

type GetDefinition = EndpointDefinition & { method: 'get' };
type KeyOf<D extends GetDefinition> = Extract<`GET ${D['path']}`, EndpointKey>;
type Body<D extends GetDefinition> = EndpointAnswer<KeyOf<D>>;
/** What the handler gets: the path's parameters as the page's read names them, the query as the route checks it. */
interface ReadInput<D extends GetDefinition> {
  params: Extract<PageRead, { key: KeyOf<D> }>['input'] extends { params: infer P } ? P : undefined;
  query: D['request'] extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
}

/** How the Worker answers a page's read of one endpoint. */
interface Reader {
  query?: z.ZodType;
  /** The body the API would send, or null where it would answer 404. */
  answer(db: Db, input: { params: unknown; query: unknown }): Promise<unknown>;
  /** The photos of the answer, when the route says they lead its first screen (`leadPhotos`). */
  photos?(body: unknown): (LeadPhoto | null)[];
}

/**
 * The page's read of an endpoint: what its API handler calls, given the query the endpoint's own
 * schema accepts, and which of its answer's photos lead a first screen.
 */
function reader<const D extends GetDefinition>(
  definition: D,
  answer: (db: Db, input: ReadInput<D>) => Promise<Body<D> | null>,
  photos?: (body: Body<D>) => (LeadPhoto | null)[],
): [string, Reader] {
  return [
    `GET ${definition.path}`,
    {
      ...(definition.request?.query ? { query: definition.request.query } : {}),
      answer: answer as Reader['answer'],
      ...(photos ? { photos: photos as Reader['photos'] } : {}),
    },
  ];
}

/** A product photo with its stored widths, at the size the layout gives it. */
function productPhoto({ image, image_widths }: Product, sizes: string): LeadPhoto | null {
  return image
    ? { href: image, srcset: imageSrcSet({ url: image, widths: image_widths ?? [] }), sizes }
    : null;
}

/**
 * The endpoints a page can start with, by key (`GET /path`): adding one is one line here, and
 * the route's `needs` names it as the page's query does (`pageRead(key, input)`). Each calls
 * what its API route calls, without a request through the app: a full cart page (30 lines) once
 * made 31 requests through every middleware, now none.
 */
const readers = new Map([
  reader(settings.read, (db) => readSiteSettings(db)),
  reader(content.faqList, (db) => readFaq(db)),
  reader(content.policyRead, (db, { params }) => readPolicy(db, params.kind)),
  reader(shipping.read, (db) => loadShippingConfig(db)),
  reader(
    products.list,
    (db, { query }) => readProducts(db, query),
    ({ items }) => items.map((p) => productPhoto(p, imageSizes.card)),
  ),
  reader(
    scentFinder.find,
    (db, { query }) => findScents(db, query),
    ({ items }) => items.map(({ product }) => productPhoto(product, imageSizes.card)),
  ),
  reader(products.sizes, (db) => readSizes(db)),
  reader(products.notes, (db) => readNotes(db)),
  reader(
    products.read,
    async (db, { params }) => (await findProduct(db, params.id)) ?? null,
    (product) => [productPhoto(product, DETAIL_IMAGE_SIZES)],
  ),
  // An unknown product's reviews: the API's 404.
  reader(reviews.list, (db, { params, query }) =>
    readReviewPage(db, params.id, query).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }),
  ),
  reader(reviews.best, (db) => readTestimonials(db)),
  reader(
    collections.list,
    (db, { query }) => readCollections(db, query),
    // Banners have one width.
    ({ items }) => items.map(({ image }) => (image ? { href: image, sizes: '' } : null)),
  ),
  reader(
    collections.read,
    async (db, { params, query }) => (await findCollectionBySlug(db, params.slug, query)) ?? null,
    ({ products }) => products.map((p) => productPhoto(p, imageSizes.card)),
  ),
]);

/** The endpoint keys a page can read (reads.test.ts holds the route table to them). */
export const readableEndpoints = new Set(readers.keys());

/**
 * A read's answer: the body the API would send, null where it would answer 404, or undefined
 * where it would refuse the input (400): the page then asks the API itself.
 */
async function answer(db: Db, read: PageRead): Promise<unknown> {
  const found = readers.get(read.key);
  if (!found) throw new Error(`no page reader for ${read.key}`);
  let query: unknown;
  if (found.query) {
    // The query string as the API would get it, checked with the endpoint's own schema.
    const parsed = found.query.safeParse(
      Object.fromEntries(new URL(readPath(read), 'http://api.invalid').searchParams),
    );
    if (!parsed.success) return undefined;
    query = parsed.data;
  }
  const params = 'params' in read.input ? read.input.params : undefined;
  return found.answer(db, { params, query });
}

/** What a page starts with, read. */
export interface PageData {
  /** The answers the page carries (its `gi-data` block), by the URL the browser requests. */
  data: Record<string, unknown>;
  /** A read's answer as meta.ts reads it: undefined when it was not answered here. */
  answer: (read: PageRead) => Answer | undefined;
  /** The photos that lead its first screen (the route's `leadPhotos`). */
  photos: LeadPhoto[];
}

// On a phone's first screen: the page's one product, or the first row of a grid.
const LEAD_PHOTOS = 2;

/**
 * Answers the page's reads as the API answers a guest: none depends on who asks. A read that
 * fails or whose input the API refuses is left out: the page asks for it itself.
 */
export async function readPage(c: Context<AppEnv>, { reads, leadPhotos }: PageNeeds): Promise<PageData> {
  const db = getDb(c.env.DB);
  const answered = await Promise.all(
    reads.map(async (read) => {
      try {
        return [readPath(read), await answer(db, read)] as const;
      } catch (error) {
        console.warn(JSON.stringify({ event: 'page_read_failed', read: read.key, error: String(error) }));
        return [readPath(read), undefined] as const;
      }
    }),
  );
  // null where the API would answer 404.
  const answers = new Map(answered.filter(([, body]) => body !== undefined));
  const data: Record<string, unknown> = {};
  for (const [path, body] of answers) if (body !== null) data[path] = body;
  const lead = leadPhotos && answers.get(readPath(leadPhotos));
  const photos = lead ? (readers.get(leadPhotos.key)?.photos?.(lead) ?? []) : [];
  return {
    data,
    answer: (read) => {
      const path = readPath(read);
      if (!answers.has(path)) return undefined;
      const body = answers.get(path);
      return body === null ? { status: 404 } : { status: 200, body };
    },
    photos: photos.filter((photo): photo is LeadPhoto => !!photo).slice(0, LEAD_PHOTOS),
  };
}
