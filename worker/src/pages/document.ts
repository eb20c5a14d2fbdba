import {
  BOOT_ELEMENT_ID,
  type BootList,
  CHALLENGE_CONFIG_ELEMENT_ID,
  HYDRATE_ATTRIBUTE,
  INITIAL_DATA_ELEMENT_ID,
  PAGE_SLOT,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
} from '@gi/contracts';
import { escapeHtml } from '@gi/contracts/html';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { challengeConfig } from '../lib/turnstile.ts';
import type { BootLoader } from './boot.ts';
import type { PageMeta } from './meta.ts';
import type { LeadPhoto } from './reads.ts';
import type { RemoteAssets } from './remote-files.ts';
import type { Rendered } from './render.ts';
import type { InlineStyle } from './styles.ts';

// The last step of a page request (serve.ts): what was resolved, read and rendered, written
// into the shell's index.html.

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
  /** What the page may load on a first intent (RemoteFiles' `intents`). */
  intents: Map<string, RemoteAssets>;
}

interface ShellPage {
  remotes: RemotesConfig;
  meta: PageMeta;
  assets?: RemoteAssets[];
  data?: Record<string, unknown>;
  photos?: LeadPhoto[];
  /** The shell's layout, and the route's page for its slot. */
  layout: Rendered;
  page?: Rendered;
  /** What starts a page rendered here: its loader (none: the browser renders the page), styles and intents. */
  boot?: { loader: BootLoader | null; inline: InlineStyle[] | null; intents: Map<string, RemoteAssets> };
}

/**
 * The shell's index.html with the page written in: its metadata and hints, its data blocks, the
 * page in its layout and, when that is whole, the boot list that starts its app.
 */
export async function shellDocument(
  c: Context<AppEnv>,
  { remotes, meta, assets = [], data = {}, photos = [], layout, page, boot }: ShellPage,
): Promise<Response> {
  const root = pageRoot(layout, page);
  const rendered: RenderedPage | undefined =
    root?.hydrate && boot?.loader
      ? { inline: boot.inline, loader: boot.loader, intents: boot.intents }
      : undefined;
  // A renderer that broke: the page works (the browser renders it) but is not kept.
  const renderFailed = layout.failed || !!page?.failed;
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
