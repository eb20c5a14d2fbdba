// How a page travels from the Worker to the hydrated screen: the names and shapes the
// Worker (worker/src/pages), the build (@gi/federation), the shell and each remote's
// server renderer agree on. The walk through them: docs/how-a-page-is-served.md.
import { apiPaths, type ProductBrowse } from './api-paths.ts';
import type { CartLine } from './cart-cookie.ts';
import type { Collection, CollectionDetail, Page, Product, ScentNoteOption } from './schemas/catalog.ts';
import type { FaqEntry, Policy, SiteSettings } from './schemas/content.ts';
import type { ShippingConfig } from './schemas/shipping.ts';

/** Id of the JSON data block in the page that carries the remotes configuration. */
export const REMOTES_CONFIG_ELEMENT_ID = 'gi-remotes';

/** Id of the JSON data block with the API answers a page starts with (its route's `reads`). */
export const INITIAL_DATA_ELEMENT_ID = 'gi-data';

/**
 * Server rendering of a remote's first screen. A remote may ship `ssr/render.js`
 * next to its federation entry: a Worker module (`export default { fetch }`) that
 * answers a POST of `RenderRequest` (JSON) with the page's HTML, or 204 for a route
 * it does not render. The Worker runs it in a sandboxed isolate (no network, no
 * bindings) and puts the HTML into `FIRST_SCREEN_ELEMENT_ID`; the shell keeps it on
 * screen until the remote's page replaces it with the same markup.
 */
export const SSR_MODULE = 'ssr/render.js';
export const FIRST_SCREEN_ELEMENT_ID = 'gi-first-screen';

/**
 * Marks a control of a plain GET form whose choices live in the URL (the catalogue's
 * search and filters): the Worker leaves it live in the server's HTML, so the form
 * works without JavaScript, and the live page reads the same choices from the URL.
 */
export const URL_STATE_ATTRIBUTE = 'data-url-state';

export interface RenderRequest {
  /** Path and query of the page, e.g. `/products?page=2`. */
  url: string;
  /** The inlined API answers (the `gi-data` block), by GET path. */
  data: Record<string, unknown>;
  /** The visitor's cart as its cookie mirrors it; null when that cannot be trusted. */
  cart: CartLine[] | null;
}

/**
 * `mf-preload.json`, written next to `mf-manifest.json` by @gi/federation's
 * `remotePreload` at build time: per exposed module, every file its first render needs.
 * The Worker turns it into preload hints; scripts/budget.mjs sums it.
 */
export const PRELOAD_FILE = 'mf-preload.json';
export interface RemotePreload {
  /** The remote entry and the chunks it imports statically. */
  entry: string[];
  exposes: Record<string, { js: string[]; css: string[] }>;
}

/**
 * The boot loader: the one inline script of a server-rendered page, which starts the
 * app once the page has loaded and painted (shell/src/boot/boot-loader.ts). The shell's
 * build writes it compiled and minified as this file; the Worker inlines its text.
 */
export const BOOT_LOADER_FILE = 'boot-loader.js';
/** Where a server-rendered page lists the scripts the boot loader starts. */
export const BOOT_ELEMENT_ID = 'gi-boot';
export interface BootList {
  /** The shell's entry scripts, in document order. */
  entries: string[];
  /** Every module the first page needs: the shell's chunks, then the route's remote. */
  preloads: string[];
}

/**
 * What each API read a page can start with answers, by name. The Worker computes
 * these with the same query functions as the API (no HTTP round trip) and the page
 * finds each under the GET path it would request (`readPath`).
 */
export interface PageAnswers {
  settings: SiteSettings;
  faq: { items: FaqEntry[] };
  policy: Policy;
  shipping: ShippingConfig;
  /** The home page's newest products (`/api/products?limit=…`). */
  featuredProducts: Page<Product>;
  products: Page<Product>;
  /** The sizes (ml) the catalogue sells, for its size filter. */
  productSizes: { items: number[] };
  /** The scent notes the catalogue can be filtered by, for its note filter. */
  productNotes: { items: ScentNoteOption[] };
  product: Product;
  collections: Page<Collection>;
  collection: CollectionDetail;
}

/** One API read, with what it needs to know. */
export type PageRead =
  | {
      name: 'settings' | 'faq' | 'shipping' | 'featuredProducts' | 'productSizes' | 'productNotes';
    }
  | { name: 'policy'; kind: string }
  | { name: 'products'; browse: ProductBrowse }
  | { name: 'product'; id: string }
  | { name: 'collections'; page: number }
  | { name: 'collection'; slug: string; page: number };

export type PageReadName = PageRead['name'];

/** The GET path the browser would request for a read: the key of its answer in the page. */
export function readPath(read: PageRead): string {
  switch (read.name) {
    case 'settings':
    case 'faq':
    case 'shipping':
    case 'featuredProducts':
    case 'productSizes':
    case 'productNotes':
      return apiPaths[read.name];
    case 'policy':
      return apiPaths.policy(read.kind);
    case 'products':
      return apiPaths.products(read.browse);
    case 'product':
      return apiPaths.product(read.id);
    case 'collections':
      return apiPaths.collections(read.page);
    case 'collection':
      return apiPaths.collection(read.slug, read.page);
  }
}

/** What a page starts with: the Worker answers its reads into the HTML and preloads its lead photos. */
export interface PageNeeds {
  /**
   * API reads answered into the page, so it renders without waiting for them. Never the
   * session: the browser asks for it, and a guest's page is shared by the edge cache (decision 021).
   */
  reads: PageRead[];
  /**
   * The read whose photos lead the first screen on a phone (its LCP): the page's one
   * product, or the first of a grid. The Worker preloads them, the first at high priority.
   */
  leadPhotos?: PageRead;
}
