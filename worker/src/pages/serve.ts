import {
  apiPaths,
  type CartLine,
  DETAIL_IMAGE_SIZES,
  FIRST_SCREEN_ELEMENT_ID,
  INITIAL_DATA_ELEMENT_ID,
  imageSizes,
  imageSrcSet,
  matchPageRoute,
  parseCartCookie,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  type RouteMatch,
  remotesConfigSchema,
} from '@gi/contracts';
import { cacheControl } from '@gi/remote-worker/headers';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { BOOT_ELEMENT_ID, BOOT_LOADER, type BootList } from './boot.ts';
import { type Answer, type PageMeta, pageMeta } from './meta.ts';
import { type RemoteAssets, remoteAssets, resolveRemoteEntries } from './preload.ts';
import { renderFirstScreen } from './render.ts';
import { type InlineStyle, inlineStyles } from './styles.ts';

/** Runs a request through the Worker's own app (the API), as if the browser had sent it. */
export type Dispatch = (request: Request) => Promise<Response>;

const NOT_FOUND: PageMeta = {
  title: 'Halaman Tidak Ditemukan | PT. Global Imperium',
  description: 'Halaman yang Anda cari tidak ada.',
  type: 'website',
  missing: true,
};

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Pages whose first screen on a phone is a grid of photos: the first ones are its LCP.
const GRID_PAGES = new Set(['/products', '/collections', '/collections/:slug']);
const LEAD_PHOTOS = 2;

/** A photo to preload: the same candidates and sizes as its <img>, so the browser fetches one file once. */
interface LeadPhoto {
  href: string;
  srcset?: string | undefined;
  sizes: string;
}

/** The first photos of the page's grid: the first list among the API answers inlined into it. */
function leadPhotos(match: RouteMatch, data: Record<string, unknown>): LeadPhoto[] {
  if (!GRID_PAGES.has(match.route.path)) return [];
  for (const answer of Object.values(data)) {
    const { items, products } = (answer ?? {}) as { items?: unknown; products?: unknown };
    const list = Array.isArray(items) ? items : Array.isArray(products) ? products : null;
    // Later lists (the collections of /products' filter) are not on the first screen.
    if (!list) continue;
    return list.slice(0, LEAD_PHOTOS).flatMap((entry) => {
      const { image, image_widths: widths } = (entry ?? {}) as { image?: unknown; image_widths?: unknown };
      if (typeof image !== 'string' || image === '') return [];
      const srcset = Array.isArray(widths) ? imageSrcSet({ url: image, widths }) : undefined;
      return [{ href: image, srcset, sizes: imageSizes.card }];
    });
  }
  return [];
}

function headTags(
  meta: PageMeta,
  url: URL,
  assets: RemoteAssets[],
  photos: LeadPhoto[],
  rendered: boolean,
  inline: InlineStyle[] | null,
): string {
  const tags: string[] = [];
  // Hints first: the browser starts these downloads while it parses the rest.
  const lead =
    meta.image && !meta.missing
      ? [{ href: meta.image, srcset: meta.imageSrcSet, sizes: DETAIL_IMAGE_SIZES }]
      : [];
  [...lead, ...photos].forEach(({ href, srcset, sizes }, i) => {
    const priority = i === 0 ? ' fetchpriority="high"' : '';
    const widths = srcset ? ` imagesrcset="${escapeAttr(srcset)}" imagesizes="${escapeAttr(sizes)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeAttr(href)}"${widths}${priority}>`);
  });
  for (const { styles, scripts } of assets) {
    // crossorigin: the federation runtime requests remote styles in CORS mode. A page
    // rendered here needs its styles before its first paint; otherwise they only preload.
    const style = rendered ? 'rel="stylesheet"' : 'rel="preload" as="style"';
    if (!inline)
      for (const href of styles) tags.push(`<link ${style} crossorigin href="${escapeAttr(href)}">`);
    // A rendered page preloads its scripts when its app boots (bootTags).
    if (!rendered)
      for (const href of scripts)
        tags.push(`<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`);
  }
  for (const { css } of inline ?? []) tags.push(`<style>${css}</style>`);
  const og = (property: string, content: string) =>
    tags.push(`<meta property="${property}" content="${escapeAttr(content)}">`);
  if (meta.missing) {
    tags.push('<meta name="robots" content="noindex">');
  } else {
    tags.push(`<link rel="canonical" href="${escapeAttr(`${url.origin}${url.pathname}`)}">`);
    og('og:site_name', 'PT. Global Imperium');
    og('og:locale', 'id_ID');
    og('og:type', meta.type);
    og('og:title', meta.title);
    og('og:description', meta.description);
    og('og:url', `${url.origin}${url.pathname}`);
    if (meta.image) og('og:image', meta.image);
  }
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`);
  return tags.join('');
}

/**
 * The API answers a page starts with, computed here so the page renders without a
 * round trip for them. Each runs through the real API with the visitor's cookies,
 * so it is exactly what the browser would have got; failures are left out and the
 * page fetches those itself. Cookies the API sets (a renewed session) are passed on.
 */
async function initialData(
  c: Context<AppEnv>,
  match: RouteMatch,
  url: URL,
  cart: CartLine[] | null,
  dispatch: Dispatch,
): Promise<{ answers: Map<string, Answer>; cookies: string[] }> {
  const paths = [
    apiPaths.session,
    ...(match.route.initialData?.(match.params, url.searchParams, { cart }) ?? []),
  ];
  const headers = { accept: 'application/json', cookie: c.req.header('cookie') ?? '' };
  const answers = await Promise.all(
    paths.map(async (path) => {
      const res = await dispatch(new Request(new URL(path, url.origin), { headers }));
      const answer: Answer = { status: res.status, ...(res.ok ? { body: await res.json() } : {}) };
      return { path, answer, cookies: res.headers.getSetCookie() };
    }),
  );
  return {
    answers: new Map(answers.map(({ path, answer }) => [path, answer])),
    cookies: answers.flatMap((answer) => answer.cookies),
  };
}

/**
 * The boot list and its loader, which start the app of a rendered page after its load.
 * An inline module script runs after parsing and, unlike a classic one, never holds the
 * parser up behind the stylesheets.
 */
function bootTags(boot: BootList): string {
  return (
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>` +
    `<script type="module">${BOOT_LOADER}</script>`
  );
}

interface ShellPage {
  remotes: RemotesConfig;
  meta: PageMeta;
  assets?: RemoteAssets[];
  data?: Record<string, unknown>;
  cookies?: string[];
  photos?: LeadPhoto[];
  /** The route's first screen, rendered by its remote. */
  firstScreen?: string | null;
  /** That screen's styles, to put into the page (null: linked). */
  inline?: InlineStyle[] | null;
}

async function shellDocument(
  c: Context<AppEnv>,
  {
    remotes,
    meta,
    assets = [],
    data = {},
    cookies = [],
    photos = [],
    firstScreen = null,
    inline = null,
  }: ShellPage,
): Promise<Response> {
  const index = await c.env.ASSETS.fetch(new URL('/index.html', c.req.url));
  if (!index.ok) throw new Error(`Shell index.html missing from assets (HTTP ${index.status})`);
  const url = new URL(c.req.url);
  const rendered = firstScreen !== null;
  const styles = rendered ? inline : null;
  // The security headers admit exactly these inline styles.
  c.set('inlineStyles', styles?.map((style) => style.hash) ?? []);
  const rewriter = new HTMLRewriter();
  if (rendered) {
    // The shell's own scripts move to the boot list; the remote's follow them there.
    const boot: BootList = { entries: [], preloads: [] };
    rewriter
      .on('script[type="module"][src]', {
        element: (el) => {
          boot.entries.push(el.getAttribute('src') ?? '');
          el.remove();
        },
      })
      .on('link[rel="modulepreload"][href]', {
        element: (el) => {
          boot.preloads.push(el.getAttribute('href') ?? '');
          el.remove();
        },
      })
      .on('body', {
        element: (el) => {
          el.onEndTag((end) => {
            boot.preloads.push(...assets.flatMap((asset) => asset.scripts));
            end.before(bootTags(boot), { html: true });
          });
        },
      });
  }
  const rewritten = rewriter
    .on(`script#${REMOTES_CONFIG_ELEMENT_ID}`, {
      element: (el) => {
        el.setInnerContent(scriptJson(remotes), { html: true });
      },
    })
    .on('title', {
      element: (el) => {
        el.setInnerContent(meta.title);
      },
    })
    .on('meta[name="description"]', {
      element: (el) => {
        el.setAttribute('content', meta.description);
      },
    })
    .on('head', {
      element: (el) => {
        el.append(headTags(meta, url, assets, photos, rendered, styles), { html: true });
        el.append(
          `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
          { html: true },
        );
      },
    })
    .on(`#${FIRST_SCREEN_ELEMENT_ID}`, {
      element: (el) => {
        // The shell's layout differs by route (the home hero runs under the navbar).
        el.setAttribute('data-path', url.pathname);
        if (rendered) el.setInnerContent(firstScreen, { html: true });
      },
    })
    .transform(index);
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    // The page carries the visitor's own session: never stored by a shared cache.
    'cache-control': 'private, no-cache',
    vary: 'cookie',
  });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(rewritten.body, { status: meta.missing ? 404 : 200, headers });
}

/**
 * Everything that is not the API: page routes get the shell with their metadata,
 * built files get their cache policy, anything else the shell's 404 page with 404.
 */
export async function servePage(c: Context<AppEnv>, dispatch: Dispatch): Promise<Response> {
  const url = new URL(c.req.url);
  const remotes = remotesConfigSchema.parse(c.env.REMOTES);
  const match = matchPageRoute(url.pathname);
  if (match) {
    const cart = parseCartCookie(c.req.header('cookie'));
    const [entries, page, { answers, cookies }] = await Promise.all([
      resolveRemoteEntries(c.env, remotes, url.origin),
      remoteAssets(c.env, remotes, match.route.remote, match.route.module, url.origin),
      initialData(c, match, url, cart, dispatch),
    ]);
    const data: Record<string, unknown> = {};
    for (const [path, answer] of answers) if (answer.body !== undefined) data[path] = answer.body;
    const meta = pageMeta(match, url.origin, (path) => answers.get(path), url.searchParams);
    const photos = leadPhotos(match, data);
    const request = { url: `${url.pathname}${url.search}`, data, cart };
    const [firstScreen, inline] = meta.missing
      ? [null, null]
      : await Promise.all([
          renderFirstScreen(c.env, remotes, match.route.remote, request, url.origin),
          inlineStyles(c.env, page.styles, url.origin),
        ]);
    return shellDocument(c, {
      remotes: entries,
      meta,
      assets: [page],
      photos,
      data,
      cookies,
      firstScreen,
      inline,
    });
  }

  if (url.pathname !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      const res = new Response(asset.body, asset);
      res.headers.set('cache-control', cacheControl(url.pathname));
      return res;
    }
  }

  console.warn(JSON.stringify({ event: 'page_not_found', path: url.pathname }));
  return shellDocument(c, { remotes, meta: NOT_FOUND });
}
