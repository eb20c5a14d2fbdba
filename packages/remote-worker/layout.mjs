// The static assets of a remote deployed alone, laid out for its Worker (each remote's
// wrangler.toml: `[assets] directory = "./.wrangler/assets"`): the build under the remote's public
// path (/mfe/<name>/, the vite `base`), so a request's path is the file's path and the static-asset
// server can answer the hashed files itself (`run_worker_first` leaves out /mfe/<name>/assets/*),
// with the headers of `_headers`, which wrangler reads and does not serve. Every other file still
// goes through the Worker (src/index.ts): entry, manifests and renderer (no-cache, CORS for the
// listed shells only) and 404s.
//   node ../packages/remote-worker/layout.mjs            (in a remote's folder, after its build)
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { IMMUTABLE } from './src/headers.ts';

/** The headers of a hashed build file: those of src/headers.ts (cacheControl), CORS for any origin. */
export const HASHED_HEADERS = [
  `Cache-Control: ${IMMUTABLE}`,
  'X-Content-Type-Options: nosniff',
  // A hashed file is public and never changes, and module scripts are fetched without
  // credentials: any origin may read it (a static rule cannot echo the Worker's list of shells).
  'Access-Control-Allow-Origin: *',
];

/** Lays `build` out under the remote's public path in `out`; returns that path (`/mfe/<name>/`). */
export function layOut(
  remoteDir,
  build = join(remoteDir, 'dist'),
  out = join(remoteDir, '.wrangler/assets'),
) {
  const base = `/mfe/${basename(resolve(remoteDir)).replace(/^mfe-/, '')}/`;
  if (!existsSync(join(build, 'remoteEntry.js')))
    throw new Error(`${build} holds no build: run pnpm build first`);
  rmSync(out, { recursive: true, force: true });
  cpSync(build, join(out, base), {
    recursive: true,
    // As scripts/assemble.mjs: the standalone dev page and the build tools' files are not served.
    filter: (path) => !/[\\/](index\.html|\.vite|mf-stats\.json)$/.test(path.slice(build.length)),
  });
  writeFileSync(
    join(out, '_headers'),
    [`${base}assets/*`, ...HASHED_HEADERS.map((h) => `  ${h}`), ''].join('\n'),
  );
  return base;
}

if (import.meta.url === `file://${process.argv[1]}`) layOut(process.cwd());
