import {
  BOOT_ELEMENT_ID,
  type BootList,
  CHALLENGE_CONFIG_ELEMENT_ID,
  HYDRATE_ATTRIBUTE,
  INITIAL_DATA_ELEMENT_ID,
  INTENT_MODULES,
  intentKey,
  matchPageRoute,
  PAGE_SLOT,
  parseCartCookie,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  remotesConfigSchema,
} from '@gi/contracts';
import { escapeHtml } from '@gi/contracts/html';
import { cacheControl } from '@gi/remote-worker/headers';
import type { Context } from 'hono';
import type { AppEnv, Env } from '../env.ts';
import { challengeConfig } from '../lib/turnstile.ts';
import { type BootLoader, bootLoader } from './boot.ts';
import { type PageMeta, pageMeta } from './meta.ts';
import { type RemoteAssets, remoteAssets, resolveRemoteEntries } from './preload.ts';
import { answerReads, type LeadPhoto, leadPhotos } from './reads.ts';
import { type Rendered, renderLayout, renderRemotePage } from './render.ts';
import { type InlineStyle, inlineStyles } from './styles.ts';

/**
 * How a page is served (docs/how-a-page-is-served.md). A path of the route table:
 * 1. the route says what the page needs: its API reads and its lead photos;
 * 2. reads.ts answers the reads with the API's own functions, as they answer a guest;
 * 3. meta.ts turns the answers into the head's metadata (an unknown record: 404);
 * 4. preload.ts finds the remote's files, styles.ts inlines its styles;
 * 5. render.ts has the shell render the layout (beside the reads: it needs the URL only) and
 *    the remote the page, each in a sandbox,
 *    and pageRoot puts the page into the layout;
 * 6. shellDocument writes it all into the shell's index.html; the scripts of a
 *    rendered page wait in the boot list until the boot loader (boot.ts) starts them.
 * Built files get their cache policy; anything else the shell's 404 page with 404.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const remotes = remotesConfigSchema.parse(c.env.REMOTES);
  const match = matchPageRoute(url.pathname);
  if (match) {
    const cart = parseCartCookie(c.req.header('cookie'));
    const needs = match.route.needs?.(match.params, url.searchParams, { cart }) ?? { reads: [] };
    const pageUrl = `${url.pathname}${url.search}`;
    // The layout needs the URL only: it renders while the page's data is read.
    const [entries, page, intents, answers, loader, layout] = await Promise.all([
      resolveRemoteEntries(c.env, remotes, url.origin),
      remoteAssets(c.env, remotes, match.route.remote, match.route.module, url.origin),
      intentAssets(c.env, remotes, url.origin),
      // No session among them: the browser asks for it, so a guest's page can be shared (edge-cache.ts).
      answerReads(c, needs.reads),
      bootLoader(c.env, url.origin),
      renderLayout(c.env, { url: pageUrl }, url.origin),
    ]);
    const data: Record<string, unknown> = {};
    for (const [path, body] of answers) if (body !== null) data[path] = body;
    const meta = pageMeta(match, url.origin, (path) => answered(answers, path), url.searchParams);
    const request = { url: pageUrl, data, cart };
    const renderPage = !meta.missing && loader !== null;
    const [screen, inline] = await Promise.all([
      renderPage
        ? renderRemotePage(c.env, remotes, match.route.remote, request, url.origin)
        : { html: null, failed: false },
      renderPage ? inlineStyles(c.env, page.styles, url.origin) : null,
    ]);
    const root = pageRoot(layout, screen);
    return shellDocument(c, {
      remotes: entries,
      meta,
      assets: [page],
      photos: meta.missing ? [] : leadPhotos(needs.leadPhotos, answers),
      data,
      root,
      ...(root?.hydrate && loader ? { rendered: { inline, loader, intents } } : {}),
      renderFailed: layout.failed || screen.failed,
    });
  }

  if (url.pathname !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      const res = new Response(asset.body, asset);
      res.headers.set('cache-control', cacheControl(url.pathname));
      if (BUILD_FILE_TYPE.test(res.headers.get('content-type') ?? '')) c.set('buildFile', true);
      return res;
    }
  }

  console.warn(JSON.stringify({ event: 'page_not_found', path: url.pathname }));
  // The shell's own 404 page, whole in its layout.
  const layout = await renderLayout(c.env, { url: `${url.pathname}${url.search}` }, url.origin);
  return shellDocument(c, { remotes, meta: NOT_FOUND, root: pageRoot(layout), renderFailed: layout.failed });
}

/**
 * Build output the browser runs or styles with, or reads as data (never opens as a document): the
 * document-only headers (CSP, framing, referrer, permissions) would do nothing there and cost ~0.5 KB
 * on each of the ~40 requests of a first visit (middleware/security.ts).
 */
const BUILD_FILE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css|application\/json)\b/;

/** The files of each module a shopper's first intent loads (INTENT_MODULES), by `intentKey`. */
async function intentAssets(env: Env, remotes: RemotesConfig, origin: string) {
  const assets = await Promise.all(
    INTENT_MODULES.map(
      async ({ remote, module }) =>
        [intentKey(remote, module), await remoteAssets(env, remotes, remote, module, origin)] as const,
    ),
  );
  return new Map(assets);
}

/** What `#root` holds: the server's HTML and whether it is the browser's first render (hydrated). */
interface RootHtml {
  html: string;
  hydrate: boolean;
}

/**
 * The layout with the route's page in its slot: the whole page, which the shell hydrates.
 * Without the page (none, or its renderer failed) the layout alone, with an empty slot,
 * which the browser renders anew around the page it loads; without the layout nothing
 * (index.html's placeholder bar): any failure leaves the page to the browser.
 */
function pageRoot(layout: Rendered, page?: Rendered): RootHtml | null {
  if (layout.html === null) return null;
  const [before, after, ...more] = layout.html.split(PAGE_SLOT);
  if (after === undefined) return { html: layout.html, hydrate: true };
  if (more.length > 0) return null;
  if (!page?.html) return { html: `${before}${after}`, hydrate: false };
  return { html: `${before}${page.html}${after}`, hydrate: true };
}

/** A read's answer as meta.ts reads it: HTTP status, and the body when there is one. */
function answered(answers: Map<string, unknown>, path: string) {
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  return body === null ? { status: 404 } : { status: 200, body };
}

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

function headTags(
  meta: PageMeta,
  url: URL,
  assets: RemoteAssets[],
  photos: LeadPhoto[],
  rendered: RenderedPage | undefined,
): string {
  const tags: string[] = [];
  // Hints first: the browser starts these downloads while it parses the rest. With the
  // <img>'s own candidates and sizes, so the browser fetches one file once.
  photos.forEach(({ href, srcset, sizes }, i) => {
    const priority = i === 0 ? ' fetchpriority="high"' : '';
    const widths = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(href)}"${widths}${priority}>`);
  });
  for (const { styles, scripts } of assets) {
    // crossorigin: the federation runtime requests remote styles in CORS mode. A page
    // rendered here needs its styles before its first paint; otherwise they only preload.
    const style = rendered ? 'rel="stylesheet"' : 'rel="preload" as="style"';
    if (!rendered?.inline)
      for (const href of styles) tags.push(`<link ${style} crossorigin href="${escapeHtml(href)}">`);
    // A rendered page preloads its scripts when its app boots (bootTags).
    if (!rendered)
      for (const href of scripts)
        tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  }
  for (const { css } of rendered?.inline ?? []) tags.push(`<style>${css}</style>`);
  const og = (property: string, content: string) =>
    tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  if (meta.missing) {
    tags.push('<meta name="robots" content="noindex">');
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(`${url.origin}${url.pathname}`)}">`);
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
 * The boot list and its loader, which start the app of a rendered page after its load.
 * An inline module script runs after parsing and, unlike a classic one, never holds the
 * parser up behind the stylesheets.
 */
function bootTags(boot: BootList, loader: BootLoader): string {
  return (
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>` +
    `<script type="module">${loader.code}</script>`
  );
}

/** The intent modules' files but those the page loads anyway; a module with none left is not listed. */
function intentFiles(intents: Map<string, RemoteAssets>, preloads: string[], assets: RemoteAssets[]) {
  const loaded = new Set([...preloads, ...assets.flatMap((asset) => asset.styles)]);
  const list: NonNullable<BootList['onIntent']> = {};
  for (const [key, { scripts, styles }] of intents) {
    const missing = {
      scripts: scripts.filter((href) => !loaded.has(href)),
      styles: styles.filter((href) => !loaded.has(href)),
    };
    if (missing.scripts.length || missing.styles.length) list[key] = missing;
  }
  return list;
}

/** A page whose remote rendered it into the HTML. */
interface RenderedPage {
  /** The page's styles, to put into the document (null: linked). */
  inline: InlineStyle[] | null;
  loader: BootLoader;
  /** What the page may load on a first intent (intentAssets). */
  intents: Map<string, RemoteAssets>;
}

interface ShellPage {
  remotes: RemotesConfig;
  meta: PageMeta;
  assets?: RemoteAssets[];
  data?: Record<string, unknown>;
  photos?: LeadPhoto[];
  root?: RootHtml | null;
  rendered?: RenderedPage;
  /** The remote's renderer broke: the page works (the browser renders it) but is not kept. */
  renderFailed?: boolean;
}

async function shellDocument(
  c: Context<AppEnv>,
  { remotes, meta, assets = [], data = {}, photos = [], root, rendered, renderFailed = false }: ShellPage,
): Promise<Response> {
  const index = await c.env.ASSETS.fetch(new URL('/index.html', c.req.url));
  if (!index.ok) throw new Error(`Shell index.html missing from assets (HTTP ${index.status})`);
  const url = new URL(c.req.url);
  const challenge = challengeConfig(c.env);
  // The security headers admit exactly these inline scripts and styles.
  c.set('inlineScripts', rendered ? [rendered.loader.hash] : []);
  c.set('inlineStyles', rendered?.inline?.map((style) => style.hash) ?? []);
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
            boot.onIntent = intentFiles(rendered.intents, boot.preloads, assets);
            end.before(bootTags(boot, rendered.loader), { html: true });
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
        el.append(headTags(meta, url, assets, photos, rendered), { html: true });
        el.append(
          `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
          { html: true },
        );
        // The security check's settings (decision 036), for the pages that show its widget.
        if (challenge) {
          el.append(
            `<script type="application/json" id="${CHALLENGE_CONFIG_ELEMENT_ID}">${scriptJson(challenge)}</script>`,
            { html: true },
          );
        }
      },
    })
    .on('#root', {
      element: (el) => {
        if (!root) return;
        el.setInnerContent(root.html, { html: true });
        if (root.hydrate) el.setAttribute(HYDRATE_ATTRIBUTE, '');
      },
    })
    .transform(index);
  // (A transformed response always has a body; `?? ''` only satisfies the types.)
  return c.body(rewritten.body ?? '', meta.missing ? 404 : 200, {
    'content-type': 'text/html; charset=utf-8',
    // The cart page holds the cart cookie's products; a guest's storefront page the edge cache
    // shares (middleware/edge-cache.ts) and marks public there. A page whose renderer broke is
    // kept by no cache: the browser renders it, and the next request tries the renderer again.
    'cache-control': renderFailed ? 'no-store' : 'private, no-cache',
    vary: 'cookie',
  });
}
