import type { RemoteName, RemotesConfig } from '@gi/contracts';
import type { Env } from '../env.ts';

/** The parts of a remote's `mf-manifest.json` (module federation) read here. */
interface FederationManifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path?: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

export interface RemoteAssets {
  /** Modules to fetch in parallel with the shell: the remote's entry and the part's chunks. */
  scripts: string[];
  styles: string[];
}

// Manifests change only on deploy; a short cache spares a read per page view while
// a new deploy of one remote still shows up within seconds.
const MANIFEST_TTL_MS = 30_000;
const manifests = new Map<string, { at: number; manifest: Promise<FederationManifest | null> }>();

async function readManifest(env: Env, url: URL): Promise<FederationManifest | null> {
  // Our own remotes are static assets of this Worker; others are wherever their team deployed them.
  const sameOrigin = url.pathname.startsWith('/mfe/');
  const res = sameOrigin ? await env.ASSETS.fetch(url) : await fetch(url);
  if (!res.ok) return null;
  const manifest = (await res.json()) as Partial<FederationManifest>;
  return manifest.metaData?.remoteEntry && Array.isArray(manifest.exposes)
    ? (manifest as FederationManifest)
    : null;
}

function cachedManifest(env: Env, url: URL): Promise<FederationManifest | null> {
  const hit = manifests.get(url.href);
  if (hit && Date.now() - hit.at < MANIFEST_TTL_MS) return hit.manifest;
  const manifest = readManifest(env, url).catch((error: unknown) => {
    console.warn(JSON.stringify({ event: 'manifest_unavailable', url: url.href, error: String(error) }));
    return null;
  });
  manifests.set(url.href, { at: Date.now(), manifest });
  return manifest;
}

/**
 * What the browser will need to show one exposed module of a remote, read from the
 * remote's manifest: without these hints it discovers them one round trip at a time
 * (shell, then manifest, then remote entry, then the page's chunks).
 * A missing or broken manifest yields nothing: the page still works, only later.
 */
export async function remoteAssets(
  env: Env,
  remotes: RemotesConfig,
  remote: RemoteName,
  module: string,
  origin: string,
): Promise<RemoteAssets> {
  const remoteManifest = await locate(env, remotes[remote], origin);
  const expose = remoteManifest?.manifest.exposes.find((e) => e.path === module);
  if (!remoteManifest || !expose) return { scripts: [], styles: [] };
  const { entry, at } = remoteManifest;
  return { scripts: [entry, ...expose.assets.js.sync.map(at)], styles: expose.assets.css.sync.map(at) };
}

/** A remote's manifest with its files' URLs resolved (same-origin ones as paths). */
async function locate(env: Env, manifestHref: string, origin: string) {
  const manifestUrl = new URL(manifestHref, origin);
  const manifest = await cachedManifest(env, manifestUrl);
  if (!manifest) return null;
  const publicPath = manifest.metaData.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
  const at = (file: string) => {
    const url = new URL(file, base);
    return url.origin === origin ? url.pathname : url.href;
  };
  const { name, path = '' } = manifest.metaData.remoteEntry;
  return { manifest, at, entry: at(path ? `${path.replace(/\/?$/, '/')}${name}` : name) };
}

/**
 * The remotes configuration for the page, with each manifest the Worker could read
 * replaced by the remote entry it names: the browser then skips one round trip per
 * remote before it can start the page. Unreadable manifests stay as they are.
 */
export async function resolveRemoteEntries(
  env: Env,
  remotes: RemotesConfig,
  origin: string,
): Promise<RemotesConfig> {
  const names = Object.keys(remotes) as RemoteName[];
  const located = await Promise.all(names.map((remote) => locate(env, remotes[remote], origin)));
  const resolved = { ...remotes };
  names.forEach((remote, i) => {
    const entry = located[i]?.entry;
    if (entry) resolved[remote] = entry;
  });
  return resolved;
}
