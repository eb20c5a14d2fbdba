import {
  INTENT_MODULES,
  intentKey,
  PRELOAD_FILE,
  type RemoteName,
  type RemotePreload,
  type RemotesConfig,
} from '@gi/contracts';
import type { Env } from '../env.ts';

/** The parts of a remote's `mf-manifest.json` (module federation) read here. */
interface FederationManifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path?: string } };
}

export interface RemoteAssets {
  /** Modules to fetch in parallel with the shell: the remote's entry and the part's chunks. */
  scripts: string[];
  styles: string[];
}

// Manifests change only on deploy; a short cache spares a read per page view while
// a new deploy of one remote still shows up within seconds.
const MANIFEST_TTL_MS = 30_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * A file a remote's build wrote (manifest, preload list, server renderer), read
 * through `read`, or null when missing or unreadable; kept for a few seconds.
 * `origin` is the page's: files there are this Worker's own assets.
 */
export function cachedRemoteFile<T>(
  env: Env,
  url: URL,
  origin: string,
  read: (res: Response) => Promise<T>,
): Promise<T | null> {
  const hit = cache.get(url.href);
  if (hit && Date.now() - hit.at < MANIFEST_TTL_MS) return hit.value as Promise<T | null>;
  // Embedded remotes are static assets of this Worker; others are wherever their team deployed
  // them, at the same paths (/mfe/<name>/): only the origin tells them apart.
  const value = (url.origin === origin ? env.ASSETS.fetch(url) : fetch(url))
    .then((res) => (res.ok ? read(res) : null))
    .catch((error: unknown) => {
      console.warn(JSON.stringify({ event: 'remote_file_unavailable', url: url.href, error: String(error) }));
      return null;
    });
  cache.set(url.href, { at: Date.now(), value });
  return value;
}

const cachedJson = (env: Env, url: URL, origin: string) =>
  cachedRemoteFile(env, url, origin, (res) => res.json());

type Located = NonNullable<Awaited<ReturnType<typeof locate>>>;

/** A remote's manifests, with its files' URLs resolved (same-origin ones as paths). */
async function locate(env: Env, manifestHref: string, origin: string) {
  const manifestUrl = new URL(manifestHref, origin);
  const [manifest, preload] = (await Promise.all([
    cachedJson(env, manifestUrl, origin),
    cachedJson(env, new URL(PRELOAD_FILE, manifestUrl), origin),
  ])) as [Partial<FederationManifest> | null, Partial<RemotePreload> | null];
  const remoteEntry = manifest?.metaData?.remoteEntry;
  if (!remoteEntry) return null;
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
  const at = (file: string) => {
    const url = new URL(file, base);
    return url.origin === origin ? url.pathname : url.href;
  };
  const { name, path = '' } = remoteEntry;
  return { at, preload, entry: at(path ? `${path.replace(/\/?$/, '/')}${name}` : name) };
}

/** The remotes' files a page request resolves once, before it reads and renders. */
export interface RemoteFiles {
  /**
   * The remotes configuration for the page, with each manifest the Worker could read replaced by
   * the remote entry it names: the browser then skips one round trip per remote before it can
   * start the page. Unreadable manifests stay as they are.
   */
  config: RemotesConfig;
  /** The files of the route's module (`RemoteAssets`). */
  page: RemoteAssets;
  /** The files of each module a shopper's first intent loads (INTENT_MODULES), by `intentKey`. */
  intents: Map<string, RemoteAssets>;
}

/**
 * Every remote's manifests, located once per request (30 s cache): the remotes configuration,
 * the route's module's files and those of a first intent all come from them.
 */
export async function remoteFiles(
  env: Env,
  remotes: RemotesConfig,
  route: { remote: RemoteName; module: string },
  origin: string,
): Promise<RemoteFiles> {
  const names = Object.keys(remotes) as RemoteName[];
  const located = new Map(
    await Promise.all(
      names.map(async (remote) => [remote, await locate(env, remotes[remote], origin)] as const),
    ),
  );
  const config = { ...remotes };
  for (const [remote, found] of located) if (found) config[remote] = found.entry;
  const assets = (remote: RemoteName, module: string) => exposedAssets(located.get(remote) ?? null, module);
  return {
    config,
    page: assets(route.remote, route.module),
    intents: new Map(
      INTENT_MODULES.map(({ remote, module }) => [intentKey(remote, module), assets(remote, module)]),
    ),
  };
}

/**
 * What the browser will need to show one exposed module of a remote, as the remote's
 * build listed it: without these hints it discovers them one round trip at a time
 * (shell, then remote entry, then the page's chunks). A remote without the lists
 * yields nothing: the page still works, only later.
 */
function exposedAssets(located: Located | null, module: string): RemoteAssets {
  const expose = located?.preload?.exposes?.[module];
  if (!located || !expose) return { scripts: [], styles: [] };
  const scripts = new Set([
    located.entry,
    ...(located.preload?.entry ?? []).map(located.at),
    ...expose.js.map(located.at),
  ]);
  return { scripts: [...scripts], styles: expose.css.map(located.at) };
}
