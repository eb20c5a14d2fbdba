import {
  type RemoteName,
  type RemotesConfig,
  type RenderRequest,
  SSR_MODULE,
  URL_STATE_ATTRIBUTE,
} from '@gi/contracts';
import { sha256 } from '../auth/tokens.ts';
import type { Env } from '../env.ts';
import { cachedRemoteFile } from './preload.ts';

interface RendererCode {
  /** Changes with the code: the loader keeps an isolate per id. */
  id: string;
  source: string;
}

// A renderer slower than this costs the visitor more than the browser rendering the page itself.
const RENDER_TIMEOUT_MS = 1500;

async function readCode(res: Response): Promise<RendererCode> {
  const source = await res.text();
  return { id: (await sha256(source)).slice(0, 32), source };
}

// React escapes '>' in attribute values, so `[^>]*` stays inside the tag.
const CONTROL_TAG = /<(input|textarea|select|button)\b([^>]*)>/g;
const URL_STATE = new RegExp(`\\s${URL_STATE_ATTRIBUTE}(?=[\\s=/]|$)`);

/**
 * Form controls of the server's HTML are disabled: the page's scripts replace that
 * HTML with the live page, and whatever a visitor typed or chose in it would be lost.
 * Links work from the first paint on, and so do the controls of a GET form whose
 * choices live in the URL (URL_STATE_ATTRIBUTE): it works without JavaScript, and
 * the shell disables them too while its scripts load the live page.
 */
function inertControls(html: string): string {
  return html.replace(CONTROL_TAG, (tag, name: string, attributes: string) =>
    URL_STATE.test(attributes) ? tag : `<${name} disabled${attributes}>`,
  );
}

/**
 * The page's first screen as HTML, rendered by the remote that owns the route with
 * its own `ssr/render.js`. That code ships with the remote, not with this Worker, so
 * it runs in a sandboxed isolate (Worker Loader): no network, no bindings, only the
 * page's URL and the API answers already inlined into the page. Without a screen
 * (`html: null`) the browser renders the page itself; `failed` tells a renderer that
 * broke (an error, a timeout, an error status) from one that had nothing to render
 * (no renderer, 204), so a broken page is not kept by a cache.
 */
export async function renderFirstScreen(
  env: Env,
  remotes: RemotesConfig,
  remote: RemoteName,
  request: RenderRequest,
  origin: string,
): Promise<{ html: string | null; failed: boolean }> {
  const none = { html: null, failed: false };
  if (!env.LOADER) return none;
  const url = new URL(SSR_MODULE, new URL(remotes[remote], origin));
  const code = await cachedRemoteFile(env, url, origin, readCode);
  if (!code) return none;
  const renderer = env.LOADER.get(`${remote}:${code.id}`, async () => ({
    // The renderer is plain React without Node APIs: this Worker's date (wrangler.toml), no flags.
    compatibilityDate: '2026-11-01',
    mainModule: 'render.js',
    modules: { 'render.js': code.source },
    globalOutbound: null,
  }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([
      renderer.getEntrypoint().fetch('https://render.invalid/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
      timeout,
    ]);
    if (res.status === 204) return none;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return { html: inertControls(await res.text()), failed: false };
  } catch (error) {
    console.warn(JSON.stringify({ event: 'render_failed', remote, url: request.url, error: String(error) }));
    return { html: null, failed: true };
  } finally {
    clearTimeout(timer);
  }
}
