// How a page travels from the Worker to the hydrated screen: the names and shapes the
// Worker (worker/src/pages), the build (@gi/federation), the shell and each remote's
// server renderer agree on. The walk through them: docs/how-a-page-is-served.md.
import { apiPath, type EndpointInput, type EndpointKey, type InputArgs, type Loose } from './api-path.ts';
import type { CartLine } from './cart-cookie.ts';
import { ADD_TO_CART_MODULE } from './cart-product.ts';
import type { RemoteName } from './remote-table.ts';

/** Id of the JSON data block in the page that carries the remotes configuration. */
export const REMOTES_CONFIG_ELEMENT_ID = 'gi-remotes';

/**
 * Id of the JSON data block with the security check's settings (`ChallengeConfig`), written into
 * every page while Cloudflare Turnstile is on (decision 036); absent when it is off.
 */
export const CHALLENGE_CONFIG_ELEMENT_ID = 'gi-challenge';

/** What a page needs to show the Turnstile widget: the public site key and where its script is. */
export interface ChallengeConfig {
  siteKey: string;
  /** Turnstile's api.js for explicit rendering (locally: the stand-in's, decision 036). */
  scriptUrl: string;
}

/** Id of the JSON data block with the API answers a page starts with (its route's `reads`). */
export const INITIAL_DATA_ELEMENT_ID = 'gi-data';

/** What `readDataBlock` needs of a document (typed without the DOM, which the Worker lacks). */
export interface DataBlockSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/**
 * The JSON of a data block the Worker wrote into the page (`<script type="application/json">`:
 * the remotes, the boot list, the inlined answers), or null when the page has none or it is not JSON.
 */
export function readDataBlock<T>(doc: DataBlockSource, id: string): T | null {
  return parseDataBlock<T>(doc.getElementById(id));
}

/** The JSON of a data block element already found, or null when it is missing or not JSON. */
export function parseDataBlock<T>(block: { textContent: string | null } | null): T | null {
  const text = block?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * Server rendering. The shell and a remote may each ship `ssr/render.js` next to their
 * entry: a Worker module (`export default { fetch }`) that answers a POST of JSON with
 * HTML, or 204 for a route it does not render. The Worker runs them in sandboxed
 * isolates (no network, no bindings): the shell's renders the layout for the URL
 * (`ShellRenderRequest`) with `PAGE_SLOT` where the route's page goes, the remote's
 * renders that page (`RenderRequest`), and the Worker puts the page into the slot.
 */
export const SSR_MODULE = 'ssr/render.js';

/** The element the shell's renderer puts where the remote's page goes, as it writes it: the Worker replaces it. */
export const PAGE_SLOT_TAG = 'gi-page';
export const PAGE_SLOT = `<${PAGE_SLOT_TAG}></${PAGE_SLOT_TAG}>`;

export interface ShellRenderRequest {
  /** Path and query of the page. */
  url: string;
}

/**
 * Set on `#root` when its HTML is the whole page as the browser's first render draws it
 * (layout and page, or the shell's own 404): the shell hydrates it instead of rendering anew.
 */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';

/**
 * Where the shell's tree holds the route's page, as React's useId sees it: per level,
 * the number of siblings and the page's index among them (shell/src/layout/layout.tsx,
 * checked by shell/src/ssr.test.tsx). A remote's renderer puts its page at the same
 * place (`@gi/ui/ssr`), so the ids it generates are the ones the page hydrates with.
 */
export const PAGE_TREE_SLOT: readonly (readonly [siblings: number, index: number])[] = [
  [5, 2],
  [2, 0],
];

/**
 * Marks a control of the server's HTML that the Worker disabled until the page's code
 * arrives (a tap before that would do nothing); the shell enables it again right
 * before React hydrates the page, which renders it enabled.
 */
export const INERT_ATTRIBUTE = 'data-inert';

/**
 * Marks a control of a plain GET form whose choices live in the URL (the catalogue's
 * search and filters): the Worker leaves it live in the server's HTML, so the form
 * works without JavaScript and before the page's code arrives (a plain GET), and the
 * live page reads the same choices from the URL.
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
  /**
   * The files of each module of INTENT_MODULES (by `intentKey`) that the page does not
   * load already: fetched all at once on the shopper's first intent (decision 020).
   */
  onIntent?: Record<string, { scripts: string[]; styles: string[] }>;
}

/**
 * Modules of another remote that a page loads only on a shopper's first intent: the buy
 * button's action. Loaded through the federation runtime, their files come one round
 * trip after another (entry, its glue, the shared map, the styles, the chunk, its
 * imports): eight on a phone's network. A rendered page lists them in its boot list so
 * the first intent can ask for all of them at once.
 */
export const INTENT_MODULES = [{ remote: 'cart', module: ADD_TO_CART_MODULE }] as const satisfies readonly {
  remote: RemoteName;
  module: string;
}[];

export const intentKey = (remote: RemoteName, module: string) => `${remote}/${module}`;

/** A GET endpoint: what a page can start with. */
type ReadKey = Extract<EndpointKey, `GET ${string}`>;

/**
 * One API read a page starts with: the endpoint and its input, as the page's own query asks
 * for it (`initialApiAnswer(key, input)`). The Worker answers it with what the endpoint's
 * handler calls (worker/src/pages/reads.ts) and puts the answer under the URL the query
 * requests (`readPath`), so the query finds it.
 */
export type PageRead = { [K in ReadKey]: { key: K; input: EndpointInput<K> } }[ReadKey];

/** A page's read of the endpoint `key`, spelt as the page's query spells its call. */
export function pageRead<K extends ReadKey>(key: K, ...input: InputArgs<K>): Extract<PageRead, { key: K }> {
  return { key, input: input[0] ?? {} } as Extract<PageRead, { key: K }>;
}

/** The URL the browser requests for a read (`apiPath`): the key of its answer in the page. */
export function readPath({ key, input }: PageRead): string {
  return (apiPath as (key: string, input: Loose) => string)(key, input);
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
