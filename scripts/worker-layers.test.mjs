// The worker's layers (docs/decisions/038-order-domain-layers.md): a file imports its own layer or
// a lower one, never a higher one, so a back-arrow fails `pnpm run lint`. Import circles are
// Biome's (suspicious/noImportCycles in biome.json).
//   node --test scripts/worker-layers.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'worker', 'src');

/** Lowest first. A folder of worker/src (or a file at its top) sits in one layer. */
const LAYERS = [
  ['db', 'data'],
  // Plain helpers and the infrastructure every domain uses: no shop rule lives here.
  ['lib', 'email', 'storage', 'seed', 'auth', 'whatsapp', 'env.ts'],
  // The admin's settings rows, each read and written through its schema (settings/rows.ts).
  ['settings'],
  // The shop's other domains: catalog, stock, accounts, content.
  ['services'],
  // The seams to the payment gateway and the courier aggregator: they know a provider, no order.
  [
    'payments/gateway.ts',
    'payments/midtrans.ts',
    'payments/configured-gateway.ts',
    'shipping/aggregator.ts',
    'shipping/biteship.ts',
    'shipping/configured-aggregator.ts',
  ],
  // The order: its record, reads and every transition of its life.
  ['orders'],
  // What builds on the lifecycle's transitions; neither imports the other.
  ['payments', 'shipping'],
  // Placing an order: the cart, the shipping choice and the payment options priced together.
  ['checkout'],
  ['api', 'middleware'],
  ['routes', 'pages', 'index.ts'],
];
/** Same layer, still apart. */
const APART = [['payments', 'shipping']];

/** The most specific entry of LAYERS naming `file` (a path under worker/src). */
function placeOf(file) {
  const parts = file.split('/');
  for (let n = parts.length; n > 0; n -= 1) {
    const key = parts.slice(0, n).join('/');
    const layer = LAYERS.findIndex((names) => names.includes(key));
    if (layer >= 0) return { key, top: parts[0], layer };
  }
  return null;
}

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield path;
  }
}

/** Relative specifiers of a file's imports and re-exports, type-only ones included. */
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s*)?['"](\.[^'"]+)['"]/g;

/** Every import of worker/src that points from a layer to a higher one, or across APART. */
export function backArrows(root = src) {
  const found = [];
  for (const path of sources(root)) {
    const file = relative(root, path).split('\\').join('/');
    const from = placeOf(file);
    for (const [, spec] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      const to = placeOf(target);
      if (!from || !to) {
        found.push(`${file} → ${target}: not in LAYERS`);
        continue;
      }
      const apart = APART.some((pair) => pair.includes(from.top) && pair.includes(to.top));
      if (to.layer > from.layer || (apart && from.top !== to.top && to.layer === from.layer)) {
        found.push(`${file} → ${target}`);
      }
    }
  }
  return found;
}

test('worker/src imports no higher layer (decision 038)', () => {
  assert.deepEqual(backArrows(), []);
});
