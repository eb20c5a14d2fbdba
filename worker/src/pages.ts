import {
  matchPageRoute,
  type PageRoute,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  remotesConfigSchema,
} from '@gi/contracts';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND_TITLE = 'Halaman Tidak Ditemukan | PT. Global Imperium';

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

async function shellDocument(
  c: Context<AppEnv>,
  remotes: RemotesConfig,
  page: Pick<PageRoute, 'title' | 'description'> | null,
  status: 200 | 404,
): Promise<Response> {
  const index = await c.env.ASSETS.fetch(new URL('/index.html', c.req.url));
  if (!index.ok) throw new Error(`Shell index.html missing from assets (HTTP ${index.status})`);
  const title = page?.title ?? NOT_FOUND_TITLE;
  const rewritten = new HTMLRewriter()
    .on(`script#${REMOTES_CONFIG_ELEMENT_ID}`, {
      element: (el) => {
        el.setInnerContent(scriptJson(remotes), { html: true });
      },
    })
    .on('title', {
      element: (el) => {
        el.setInnerContent(title);
      },
    })
    .on('meta[name="description"]', {
      element: (el) => {
        if (page) el.setAttribute('content', page.description);
        else el.remove();
      },
    })
    .on('head', {
      element: (el) => {
        if (status === 404) el.append('<meta name="robots" content="noindex">', { html: true });
      },
    })
    .transform(index);
  return new Response(rewritten.body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/**
 * Everything that is not the API: page routes get the shell, built files get
 * their cache policy, anything else gets the shell's 404 page with status 404.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const { pathname } = new URL(c.req.url);
  const remotes = remotesConfigSchema.parse(c.env.REMOTES);
  const match = matchPageRoute(pathname);
  if (match) return shellDocument(c, remotes, match.route, 200);

  if (pathname !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      const res = new Response(asset.body, asset);
      // Hashed build output never changes; entries and manifests must be revalidated.
      res.headers.set('cache-control', pathname.includes('/assets/') ? IMMUTABLE : 'no-cache');
      return res;
    }
  }

  console.warn(JSON.stringify({ event: 'page_not_found', path: pathname }));
  return shellDocument(c, remotes, null, 404);
}
