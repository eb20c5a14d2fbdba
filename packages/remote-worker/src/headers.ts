/**
 * How a microfrontend's build is served, wherever it is served from: embedded in
 * the shop's Worker under /mfe/<name>/ or by the remote's own Worker (index.ts).
 */

/**
 * A file whose name or key changes with its content (hashed build output, catalogue images): the
 * one spelling of the Worker, the remotes' Workers and the static-asset rules the builds write.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build output never changes; everything else (entry, manifests, renderer) is revalidated. */
export function cacheControl(path: string): string {
  return /\/assets\/[^/]+$/.test(path) ? IMMUTABLE : 'no-cache';
}

/** Files a browser loads from the build: the entry and chunks (module scripts), styles, manifests. */
const BROWSER_FILE = /(?:^|\/)(?:assets\/[^/]+\.(?:js|css)|remoteEntry\.js|mf-(?:manifest|preload)\.json)$/;

/**
 * CORS for a shell on another origin: module scripts, their styles (the federation
 * runtime loads them in CORS mode) and the manifest it reads. Only the shells
 * listed; the server renderer is fetched by the shell's Worker, not by browsers.
 */
export function corsHeaders(path: string, origin: string | null, allowed: readonly string[]): Headers {
  const headers = new Headers({ vary: 'origin' });
  if (origin && BROWSER_FILE.test(path) && allowed.includes(origin))
    headers.set('access-control-allow-origin', origin);
  return headers;
}
