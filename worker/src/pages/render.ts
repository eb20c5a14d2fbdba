import {
  INERT_ATTRIBUTE,
  type RemoteName,
  type RemotesConfig,
  type RenderRequest,
  type ShellRenderRequest,
  SSR_MODULE,
  URL_STATE_ATTRIBUTE,
} from '@gi/contracts';
import { sha256 } from '../auth/tokens.ts';
import type { Env } from '../env.ts';
import { cachedRemoteFile } from './remote-files.ts';

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
const attribute = (name: string) => new RegExp(`\\s${name}(?=[\\s=/]|$)`);
const URL_STATE = attribute(URL_STATE_ATTRIBUTE);
const DISABLED = attribute('disabled');

/**
 * The controls of the server's HTML wait for the page's code (INERT_ATTRIBUTE: the shell
 * clears the mark right before React hydrates the page). A button stays enabled: the
 * inline boot loader holds its press and carries it out once the page has hydrated
 * (holdPresses in shell/src/boot/boot.ts), so it is never a dead button. An input, select
 * or textarea is disabled meanwhile: a choice there would not reach the page's state.
 * Links work from the first paint on, and so do the controls of a GET form whose
 * choices live in the URL (URL_STATE_ATTRIBUTE): it works without JavaScript.
 */
function inertControls(html: string): string {
  return html.replace(CONTROL_TAG, (tag, name: string, attributes: string) =>
    URL_STATE.test(attributes) || DISABLED.test(attributes)
      ? tag
      : `<${name}${name === 'button' ? '' : ' disabled'} ${INERT_ATTRIBUTE}${attributes}>`,
  );
}

// React puts the resource hints of a render without <head> (its high-priority images'
// preloads) before the markup. The page is hydrated from the next node on, so they would
// be nodes its render lacks; the head carries this Worker's own hints (leadPhotos).
const HOISTED_HINTS = /^(?:<link\b[^>]*>)+/;

/** A renderer's HTML, or null: `failed` tells one that broke from one with nothing to render. */
export interface Rendered {
  html: string | null;
  failed: boolean;
}

/**
 * The route's page as HTML, rendered by the remote that owns the route with
 * its own `ssr/render.js`. That code ships with the remote, not with this Worker, so
 * it runs in a sandboxed isolate (Worker Loader): no network, no bindings, only the
 * page's URL and the API answers already inlined into the page.
 */
export async function renderRemotePage(
  env: Env,
  remotes: RemotesConfig,
  remote: RemoteName,
  request: RenderRequest,
  origin: string,
): Promise<Rendered> {
  const url = new URL(SSR_MODULE, new URL(remotes[remote], origin));
  const screen = await runRenderer(env, remote, url, origin, request);
  return screen.html === null
    ? screen
    : { html: inertControls(screen.html.replace(HOISTED_HINTS, '')), failed: false };
}

/**
 * The shell's layout for the page (navbar, footer, the shell's own 404 page), with
 * PAGE_SLOT where the route's page goes: the shell's `ssr/render.js`, a file of this
 * Worker's assets, run in the same kind of sandbox.
 */
export function renderLayout(env: Env, request: ShellRenderRequest, origin: string): Promise<Rendered> {
  return runRenderer(env, 'shell', new URL(`/${SSR_MODULE}`, origin), origin, request);
}

/**
 * Runs one renderer in a sandboxed isolate. Without HTML (`html: null`) the browser
 * renders the page itself; `failed` tells a renderer that broke (an error, a timeout,
 * an error status) from one that had nothing to render (no renderer, 204), so a broken
 * page is not kept by a cache.
 */
async function runRenderer(
  env: Env,
  part: RemoteName | 'shell',
  url: URL,
  origin: string,
  request: RenderRequest | ShellRenderRequest,
): Promise<Rendered> {
  const none = { html: null, failed: false };
  if (!env.LOADER) return none;
  const code = await cachedRemoteFile(env, url, origin, readCode);
  if (!code) return none;
  const renderer = env.LOADER.get(`${part}:${code.id}`, async () => ({
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
    return { html: await res.text(), failed: false };
  } catch (error) {
    console.warn(JSON.stringify({ event: 'render_failed', part, url: request.url, error: String(error) }));
    return { html: null, failed: true };
  } finally {
    clearTimeout(timer);
  }
}
