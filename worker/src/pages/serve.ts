import { matchPageRoute, parseCartCookie, type RemotesConfig, remotesConfigSchema } from '@gi/contracts';
import { cacheControl } from '@gi/remote-worker/headers';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { bootLoader } from './boot.ts';
import { shellDocument } from './document.ts';
import { NOT_FOUND, pageMeta } from './meta.ts';
import { readPage } from './reads.ts';
import { remoteFiles } from './remote-files.ts';
import { renderLayout, renderRemotePage } from './render.ts';
import { inlineStyles } from './styles.ts';

/**
 * A page request, top-down (docs/how-a-page-is-served.md, decision 039). For a path of the route table:
 * 1. resolve the remotes' files once (remote-files.ts) and the boot loader (boot.ts), while
 * 2. the page's reads are answered as the API answers a guest (reads.ts) and the shell renders the
 *    layout, which needs the URL only (render.ts); the answers give the head's metadata (meta.ts:
 *    an unknown record is a 404);
 * 3. the route's remote renders the page in a sandbox (render.ts), its styles read to inline (styles.ts);
 * 4. all of it is assembled into the shell's index.html (document.ts).
 * Built files get their cache policy; anything else the shell's 404 page with 404.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const remotes = remotesConfigSchema.parse(c.env.REMOTES);
  const match = matchPageRoute(url.pathname);
  if (!match) return serveFile(c, url, remotes);
  const { remote, module, needs } = match.route;
  const pageUrl = `${url.pathname}${url.search}`;
  const cart = parseCartCookie(c.req.header('cookie'));

  // 1 and 2, at once. No session among the reads: the browser asks for it, so a guest's page can
  // be shared (edge-cache.ts).
  const [files, loader, read, layout] = await Promise.all([
    remoteFiles(c.env, remotes, { remote, module }, url.origin),
    bootLoader(c.env, url.origin),
    readPage(c, needs?.(match.params, url.searchParams, { cart }) ?? { reads: [] }),
    renderLayout(c.env, { url: pageUrl }, url.origin),
  ]);
  const meta = pageMeta(match, url.origin, read.answer, url.searchParams);

  // 3. Not for a missing record (the 404 page); without the boot loader the browser renders the page.
  const renders = !meta.missing && loader !== null;
  const [screen, inline] = await Promise.all([
    renders
      ? renderRemotePage(c.env, remotes, remote, { url: pageUrl, data: read.data, cart }, url.origin)
      : { html: null, failed: false },
    renders ? inlineStyles(c.env, files.page.styles, url.origin) : null,
  ]);

  // 4.
  return shellDocument(c, {
    remotes: files.config,
    meta,
    assets: [files.page],
    photos: read.photos,
    data: read.data,
    layout,
    page: screen,
    boot: { loader, inline, intents: files.intents },
  });
}

/** A built file with its cache policy, or the shell's 404 page, whole in its layout. */
async function serveFile(c: Context<AppEnv>, url: URL, remotes: RemotesConfig): Promise<Response> {
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
  const layout = await renderLayout(c.env, { url: `${url.pathname}${url.search}` }, url.origin);
  return shellDocument(c, { remotes, meta: NOT_FOUND, layout });
}

/**
 * Build output the browser runs or styles with, or reads as data (never opens as a document): the
 * document-only headers (CSP, framing, referrer, permissions) would do nothing there and cost ~0.5 KB
 * on each of the ~40 requests of a first visit (middleware/security.ts).
 */
const BUILD_FILE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css|application\/json)\b/;
