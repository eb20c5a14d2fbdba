import {
  matchPageRoute,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  remotesConfigSchema,
} from '@gi/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { type PageMeta, resolveMeta } from './meta.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
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

function headTags(meta: PageMeta, url: URL): string {
  const tags: string[] = [];
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

async function shellDocument(c: Context<AppEnv>, remotes: RemotesConfig, meta: PageMeta): Promise<Response> {
  const index = await c.env.ASSETS.fetch(new URL('/index.html', c.req.url));
  if (!index.ok) throw new Error(`Shell index.html missing from assets (HTTP ${index.status})`);
  const url = new URL(c.req.url);
  const rewritten = new HTMLRewriter()
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
        el.append(headTags(meta, url), { html: true });
      },
    })
    .transform(index);
  return new Response(rewritten.body, {
    status: meta.missing ? 404 : 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/**
 * Everything that is not the API: page routes get the shell with their metadata,
 * built files get their cache policy, anything else the shell's 404 page with 404.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const remotes = remotesConfigSchema.parse(c.env.REMOTES);
  const match = matchPageRoute(url.pathname);
  if (match) return shellDocument(c, remotes, await resolveMeta(c.env, match, url.origin));

  if (url.pathname !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      const res = new Response(asset.body, asset);
      // Hashed build output never changes; entries and manifests must be revalidated.
      res.headers.set('cache-control', url.pathname.includes('/assets/') ? IMMUTABLE : 'no-cache');
      return res;
    }
  }

  console.warn(JSON.stringify({ event: 'page_not_found', path: url.pathname }));
  return shellDocument(c, remotes, NOT_FOUND);
}
