// Load run (not a test, not in `npm test`): shoppers and an admin use a fresh local shop at once
// for a fixed time (browse, quote a cart, check out, double-submit, cancel, pay and confirm, and
// confirm-while-cancelling races), then the shop is stopped and its D1 checked for the
// invariants no load may break: every order has items, totals add up, stock = initial − sold +
// returned and never negative, transfer totals unique among open transfer orders, one timeline row per
// change, and D1 agrees with what the clients were answered. Exits 1 when one is broken.
// Writes docs/performance-load.json and the load section of docs/performance.md.
//   pnpm run bench:load [-- --seconds 60] [--shoppers 12] [--port 8796]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchClient, cookieOf, writePerformanceSection } from '../scripts/bench-client.mjs';
import { d1Execute } from '../scripts/d1-execute.mjs';
import { DUMMY_TOKEN } from '../scripts/turnstile-test-keys.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  // `pnpm run bench:… -- --flag` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seconds: { type: 'string', default: '60' },
    shoppers: { type: 'string', default: '12' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8796' },
  },
});
const seconds = Number(values.seconds);
const shopperCount = Number(values.shoppers);
const base = `http://127.0.0.1:${values.port}`;
const stateDir = '.wrangler/load';
const state = join(root, stateDir);
const client = benchClient(base);

const ADMIN = { email: 'admin@globalimperium.id', password: 'admin12345' };
/** Kec. Gambir, Jakarta Pusat: a seeded shipping zone. */
const ADDRESS = {
  customerAddress: 'Jl. Melati No. 9',
  customerPhone: '0812-3456-7890',
  provinceCode: '31',
  regencyCode: '31.71',
  districtCode: '31.71.01',
  postalCode: '10110',
};

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const chance = (p) => Math.random() < p;

/** Every answer by kind of request: count, statuses, durations. */
const stats = new Map();
function record(kind, status, ms) {
  const entry = stats.get(kind) ?? { statuses: {}, durations: [] };
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  entry.durations.push(ms);
  stats.set(kind, entry);
}

/** One request as a browser of the shop sends it (its own Origin, the session's cookies). */
async function call(kind, path, { method = 'GET', body, cookie, headers = {} } = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  record(kind, res.status, performance.now() - started);
  if (res.status >= 500) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

async function login({ email, password }, ip) {
  const { status, res } = await call('login', '/api/auth/login', {
    method: 'POST',
    body: { email, password },
    headers: { 'cf-connecting-ip': ip },
  });
  if (status !== 200) throw new Error(`login ${email}: HTTP ${status}`);
  return cookieOf(res);
}

/** What the clients were told, to compare with D1 afterwards. */
const told = { placed: new Set(), cancelled: new Set(), paid: new Set(), replays: 0, replayMismatch: 0 };

async function shopper(index, catalogue, adminCookie, deadline) {
  const ip = `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const email = `load-${Date.now()}-${index}@contoh.id`;
  const password = 'rahasia123';
  const registered = await call('register', '/api/auth/register', {
    method: 'POST',
    // The local Turnstile answers its always-pass test key's widget token (decision 036).
    body: {
      name: `Pembeli ${index}`,
      email,
      password,
      confirmPassword: password,
      turnstileToken: DUMMY_TOKEN,
    },
    headers: { 'cf-connecting-ip': ip },
  });
  if (registered.status !== 201) throw new Error(`register: HTTP ${registered.status}`);
  const cookie = await login({ email, password }, ip);
  const headers = { 'cf-connecting-ip': ip };
  let n = 0;
  while (Date.now() < deadline) {
    n += 1;
    // Browse: a list page and a product, as the storefront's API reads them.
    await call('browse list', `/api/products?page=${1 + (n % 2)}&limit=8`, { cookie, headers });
    const product = pick(catalogue);
    await call('browse product', `/api/products/${product.id}`, { cookie, headers });
    // The cart: one to three sizes that had stock at the start, 1–3 units each.
    const sizes = [
      ...new Map(Array.from({ length: 1 + (n % 3) }, () => pick(catalogue)).map((p) => [p.id, p])),
    ]
      .map(([, p]) => ({ p, v: pick(p.variants.filter((v) => v.stock !== 0)) }))
      .filter(({ v }) => v);
    if (sizes.length === 0) continue;
    const items = sizes.map(({ p, v }) => ({ productId: p.id, variantId: v.id, quantity: 1 + (n % 3) }));
    const quote = await call('quote', '/api/shipping/quote', {
      method: 'POST',
      body: { districtCode: ADDRESS.districtCode, items },
      cookie,
      headers,
    });
    if (quote.status !== 200) continue;
    const body = {
      items,
      customer: { customerName: `Pembeli ${index}`, customerEmail: email, ...ADDRESS },
      shippingServiceId: quote.body.options[0].id,
      // The manual transfer: the admin's confirm below is its way of being paid.
      paymentChannel: 'bank_transfer',
    };
    const key = `load-${index}-${n}-${Date.now()}`;
    const orderHeaders = { ...headers, 'idempotency-key': key };
    // A double tap now and then: both requests at once, one order.
    const tries = chance(0.2) ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: tries }, () =>
        call('checkout', '/api/orders', { method: 'POST', body, cookie, headers: orderHeaders }),
      ),
    );
    const created = answers.filter((a) => a.status === 201 || a.status === 200);
    if (created.length === 0) continue;
    const orderId = created[0].body.id;
    if (tries === 2) {
      told.replays += 1;
      if (created.length !== 2 || created[1].body.id !== orderId) told.replayMismatch += 1;
    }
    told.placed.add(orderId);
    const roll = Math.random();
    if (roll < 0.3) {
      const r = await call('cancel', `/api/orders/${orderId}/cancel`, {
        method: 'POST',
        body: {},
        cookie,
        headers,
      });
      if (r.status === 200) told.cancelled.add(orderId);
    } else if (roll < 0.6) {
      const r = await call('admin confirm', `/api/admin/orders/${orderId}/payment/confirm`, {
        method: 'POST',
        cookie: adminCookie,
      });
      if (r.status === 200) told.paid.add(orderId);
    } else if (roll < 0.7) {
      // The customer cancels while the admin confirms: exactly one of them wins.
      const [cancel, confirm] = await Promise.all([
        call('cancel', `/api/orders/${orderId}/cancel`, { method: 'POST', body: {}, cookie, headers }),
        call('admin confirm', `/api/admin/orders/${orderId}/payment/confirm`, {
          method: 'POST',
          cookie: adminCookie,
        }),
      ]);
      if (cancel.status === 200) told.cancelled.add(orderId);
      if (confirm.status === 200) told.paid.add(orderId);
    }
    // Otherwise the order stays unpaid, holding its units.
  }
}

/** The admin's dashboard and lists, as they are read while shoppers buy. */
async function admin(cookie, deadline) {
  while (Date.now() < deadline) {
    await call('admin list', '/api/admin/orders?limit=25', { cookie });
    await call('admin stats', '/api/admin/stats', { cookie });
  }
}

function sql(query) {
  const out = d1Execute(query, ['--local', '--persist-to', state]);
  if (!out.results) throw new Error(`d1 execute failed: ${out.failed}`);
  return out.results[0].results;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// --- run ---------------------------------------------------------------------------------------
const server = spawn(
  process.execPath,
  [join(root, 'scripts/start.mjs'), '--port', values.port, '--state', stateDir, '--fresh'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
// A shop that never came up is not left holding the port for the next run.
await client.waitForHealth().catch((err) => {
  server.kill('SIGINT');
  throw err;
});
const initial = new Map(sql('SELECT id, stock FROM product_variants').map((r) => [r.id, r.stock]));
const adminCookie = await login(ADMIN, '10.9.9.9');
const { body: list } = await call('browse list', '/api/products?limit=50');
const catalogue = list.items.filter((p) => p.variants.some((v) => v.stock !== 0));

const started = Date.now();
const deadline = started + seconds * 1000;
const errors = [];
await Promise.all([
  ...Array.from({ length: shopperCount }, (_, i) =>
    shopper(i, catalogue, adminCookie, deadline).catch((err) => errors.push(String(err))),
  ),
  admin(adminCookie, deadline).catch((err) => errors.push(String(err))),
]);
const elapsed = (Date.now() - started) / 1000;
server.kill('SIGINT');
await once(server, 'exit');

// --- invariants --------------------------------------------------------------------------------
const failures = [...errors];
const check = (name, rows) => {
  if (rows.length > 0) failures.push(`${name}: ${JSON.stringify(rows.slice(0, 5))}`);
};
check(
  'orders without items',
  sql('SELECT id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)'),
);
check(
  'subtotal ≠ Σ lines',
  sql(`SELECT o.id FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id
       HAVING o.subtotal_amount <> SUM(i.product_price * i.quantity) OR SUM(i.subtotal) <> o.subtotal_amount`),
);
check(
  'total ≠ subtotal + shipping + code',
  sql('SELECT id FROM orders WHERE total_amount <> subtotal_amount + shipping_fee + unique_code'),
);
check('negative stock', sql('SELECT id, stock FROM product_variants WHERE stock < 0'));
check(
  'transfer total held twice',
  sql(`SELECT total_amount, COUNT(*) AS n FROM orders WHERE status = 'pending' AND unique_code > 0
       GROUP BY total_amount HAVING n > 1`),
);
const sold = new Map(
  sql(`SELECT i.variant_id AS id, SUM(i.quantity) AS sold,
              SUM(CASE WHEN o.status = 'cancelled' THEN i.quantity ELSE 0 END) AS returned
       FROM order_items i JOIN orders o ON o.id = i.order_id GROUP BY i.variant_id`).map((r) => [r.id, r]),
);
const stockNow = sql('SELECT id, stock FROM product_variants');
check(
  'stock ≠ initial − sold + returned',
  stockNow
    .filter((v) => v.stock !== null)
    .map((v) => ({
      ...v,
      expected: initial.get(v.id) - (sold.get(v.id)?.sold ?? 0) + (sold.get(v.id)?.returned ?? 0),
    }))
    .filter((v) => v.stock !== v.expected),
);
const byStatus = Object.fromEntries(
  sql('SELECT status, COUNT(*) AS n FROM orders GROUP BY status').map((r) => [r.status, r.n]),
);
const dbOrders = sql("SELECT id, status FROM orders WHERE customer_email LIKE 'load-%'");
const dbStatus = new Map(dbOrders.map((o) => [o.id, o.status]));
check(
  'answered 201/200 but not in D1',
  [...told.placed].filter((id) => !dbStatus.has(id)),
);
check(
  'in D1 but never answered',
  dbOrders.filter((o) => !told.placed.has(o.id)).map((o) => o.id),
);
check(
  'told cancelled, not cancelled',
  [...told.cancelled].filter((id) => dbStatus.get(id) !== 'cancelled'),
);
check(
  'told paid, not processing',
  [...told.paid].filter((id) => dbStatus.get(id) !== 'processing'),
);
check(
  'both cancelled and paid',
  [...told.cancelled].filter((id) => told.paid.has(id)),
);
if (told.replayMismatch > 0) failures.push(`double taps answered with two orders: ${told.replayMismatch}`);
check(
  'timeline rows ≠ changes',
  sql(`SELECT o.id, o.status, COUNT(e.id) AS events FROM orders o LEFT JOIN order_events e ON e.order_id = o.id
       GROUP BY o.id HAVING events <> CASE o.status WHEN 'pending' THEN 1 ELSE 2 END`),
);

// --- figures -----------------------------------------------------------------------------------
const rows = [...stats].map(([kind, { statuses, durations }]) => {
  const sorted = durations.sort((a, b) => a - b);
  return {
    kind,
    requests: durations.length,
    statuses,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
  };
});
const total = rows.reduce((sum, r) => sum + r.requests, 0);
const report = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    load: loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  },
  seconds: Math.round(elapsed),
  shoppers: shopperCount,
  requests: total,
  perSecond: Math.round(total / elapsed),
  rows,
  orders: { ...byStatus, placedByLoad: told.placed.size, doubleTaps: told.replays },
  invariants: failures.length === 0 ? 'held' : failures,
};
writeFileSync(join(root, 'docs/performance-load.json'), `${JSON.stringify(report, null, 2)}\n`);

const table = [
  `${report.date.slice(0, 16)} UTC, ${report.seconds} s, ${shopperCount} shoppers + 1 admin, ${cpus().length} cores (load ${report.machine.load}): ${total} requests (${report.perSecond}/s).`,
  `Orders: ${Object.entries(report.orders)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}. Invariants: ${failures.length === 0 ? 'all held' : `${failures.length} broken`}.`,
  '',
  '| request | count | statuses | p50 ms | p99 ms |',
  '|---|---:|---|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.kind} | ${r.requests} | ${Object.entries(r.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')} | ${r.p50} | ${r.p99} |`,
  ),
].join('\n');
writePerformanceSection('load', 'Load run (`pnpm run bench:load`)', table);

console.log(table);
if (failures.length > 0) {
  console.error(`\nBroken invariants:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
