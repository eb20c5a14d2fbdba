// Lays the builds out the way the Worker serves them: the shell at /, each
// remote under /mfe/<name>/ (the `base` its vite config builds for).
//   node scripts/assemble.mjs            → dist/
//   node scripts/assemble.mjs --single   → adds the shell's and the remotes' server renderers
//     to the single-bundle build (dist-single/), which renders its pages the same way.
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { remoteBase, remoteNames } from '../packages/contracts/src/remote-table.ts';
import { IMMUTABLE } from '../packages/remote-worker/src/headers.ts';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist');
const parts = [
  { from: 'shell/dist', to: '' },
  ...remoteNames.map((name) => ({ from: `mfe-${name}/dist`, to: remoteBase(name).slice(1, -1) })),
];

if (process.argv.includes('--single')) {
  for (const { from, to } of parts) {
    const renderer = join(root, from, 'ssr');
    if (existsSync(renderer)) cpSync(renderer, join(root, 'dist-single', to, 'ssr'), { recursive: true });
  }
  console.log('Added the server renderers to dist-single/');
  process.exit(0);
}

rmSync(out, { recursive: true, force: true });
for (const { from, to } of parts) {
  const src = join(root, from);
  if (!existsSync(src)) throw new Error(`${from} is missing: build it first (pnpm run build)`);
  cpSync(src, join(out, to), {
    recursive: true,
    // A remote's index.html is its standalone dev page, not part of the shop; build
    // manifests and stats are for tools (scripts/budget.mjs), not for browsers.
    filter: (path) =>
      !(to && path === join(src, 'index.html')) &&
      !/[\\/](\.vite|mf-stats\.json)$/.test(path.slice(src.length)),
  });
}
// Hashed build files skip the Worker (`run_worker_first` in wrangler.toml): the static-asset
// server gives them the headers the Worker would (cacheControl of @gi/remote-worker/headers,
// the build-asset branch of worker/src/middleware/security.ts). wrangler reads this file and
// does not serve it.
const hashed = [
  `  Cache-Control: ${IMMUTABLE}`,
  '  X-Content-Type-Options: nosniff',
  '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
];
writeFileSync(
  join(out, '_headers'),
  ['/assets/*', ...hashed, '/mfe/:remote/assets/*', ...hashed, ''].join('\n'),
);
console.log(`Assembled ${parts.length} builds into dist/`);
