// Scale benchmark (not a test): two shops at once, a small one (the demo data grown to the
// `small` size, so its lists answer full pages) and one on a local D1 grown to each size
// (bench/grow.mjs); every public, customer and admin endpoint and the
// storefront pages measured with autocannon (p50/p99) on both, one after the other, endpoint by
// endpoint, so each ratio comes from one interleaved run on the same (noisy, shared) cores; plus
// a shopper's product read alone and while two admin connections search orders by name. The
// storefront pages and public reads are measured twice: as a signed-in shopper, whom the edge
// cache never answers (the Worker renders and reads D1 each time), and as guests from a warm edge
// cache (docs/decisions/021-edge-cache.md). Writes docs/performance-scale.json and the scale section of docs/performance.md.
// After each size, the admin's streamed orders export (GET /api/admin/exports/orders.csv, decision
// 056) is downloaded whole: its time, and the memory of the shop's processes while it streams.
//   pnpm run bench:scale [-- --sizes medium,large] [--seconds 3] [--port 8798]  (port and port + 1)
//   pnpm run bench:scale -- --export-only [--sizes large]  (the export alone, on a grown shop)
//   pnpm run bench:scale -- --only analytics  (the endpoints whose title holds it, or one of a
//   comma-separated list, on both shops as the last run left them: a new endpoint's figures without
//   growing or measuring everything)
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchClient, cookieOf, writePerformanceSection } from '../scripts/bench-client.mjs';
import { DUMMY_TOKEN } from '../scripts/turnstile-test-keys.ts';
import { d1File, grow, SIZES } from './grow.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  // `pnpm run bench:… -- --flag` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    sizes: { type: 'string', default: 'medium,large' },
    seconds: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8798' },
    'report-only': { type: 'boolean', default: false },
    'export-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').filter(Boolean);
for (const size of sizes) if (!SIZES[size]) throw new Error(`unknown size ${size}`);
const duration = Number(values.seconds);
const connections = 4;

/** One shop: `wrangler dev` on its own port and state. */
function shop(port, stateDir) {
  const base = `http://127.0.0.1:${port}`;
  const client = benchClient(base);
  let server;
  return {
    base,
    ...client,
    state: join(root, stateDir),
    async start(fresh) {
      const args = [join(root, 'scripts/start.mjs'), '--port', String(port), '--state', stateDir];
      server = spawn(process.execPath, fresh ? [...args, '--fresh'] : args, {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // A fresh seed, or a restart on the large database, takes minutes on a busy machine.
      await client.waitForHealth(1800);
    },
    pid: () => server?.pid,
    async stop() {
      if (!server) return;
      server.kill('SIGINT');
      await once(server, 'exit');
      server = undefined;
      // Until the port is free, workerd still holds the database file.
      for (let i = 0; i < 60; i++) {
        try {
          await fetch(`${base}/api/health`);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
  };
}

const demoShop = shop(Number(values.port), '.wrangler/scale-demo');
/** The size the baseline shop is grown to (bench/grow.mjs). */
const BASE_SIZE = 'small';
const grownShop = shop(Number(values.port) + 1, '.wrangler/scale');

/** The WIB day `offset` days from the time `at` (ms), YYYY-MM-DD: the analytics' periods. */
const wibDay = (at, offset) => new Date(at + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** Slices per measurement: each shop's figure is the median of its slices' (duration / ROUNDS s each). */
const ROUNDS = 3;

/**
 * Budgets of throttled endpoints: the voucher check allows 30 codes per account per 15 minutes
 * (decision 041), so each slice signs up a fresh shopper (`fresh`) and sends fewer than that.
 */
const THROTTLED_REQUESTS = 25;

async function measureOnce(base, path, { cookie, connections: n = connections, method, body, fresh } = {}) {
  const as = fresh ? await fresh() : cookie;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${path}`,
        connections: n,
        ...(fresh ? { amount: THROTTLED_REQUESTS } : { duration: duration / ROUNDS }),
        ...(method ? { method, body: JSON.stringify(body) } : {}),
        headers: {
          ...(as ? { cookie: as } : {}),
          ...(method ? { 'content-type': 'application/json', origin: base } : {}),
        },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          p50: result.latency.p50,
          p99: result.latency.p99,
          rps: Math.round(result.requests.average),
          non2xx: result.non2xx,
          kib: Math.round(result.throughput.average / Math.max(1, result.requests.average) / 1024),
        });
      },
    );
  });
}

/** A guest's answer from the edge cache: one request warms it, the measured ones must all be hits. */
async function measureWarmOnce(base, path) {
  await fetch(`${base}${path}`).then((res) => res.arrayBuffer());
  const res = await fetch(`${base}${path}`);
  await res.arrayBuffer();
  if (res.headers.get('x-cache') !== 'hit') throw new Error(`${path}: not from the edge cache`);
  return measureOnce(base, path);
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of each figure over the slices. */
const merged = (slices) => ({
  p50: median(slices.map((r) => r.p50)),
  p99: median(slices.map((r) => r.p99)),
  rps: median(slices.map((r) => r.rps)),
  non2xx: slices.reduce((sum, r) => sum + r.non2xx, 0),
  kib: median(slices.map((r) => r.kib)),
  slices,
});

/**
 * `task(side)` for both sides in ROUNDS alternating slices (A B, B A, A B), so a burst of load
 * from elsewhere on the machine falls on both and the median drops it.
 */
async function interleaved(sides, task) {
  const slices = Object.fromEntries(sides.map((side) => [side, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : sides.toReversed()) slices[side].push(await task(side));
  }
  return slices;
}

/** Groups whose guest answers the edge cache shares. */
const CACHED = new Set(['public', 'page']);

/**
 * The Cron run as of `at` (ms) until it builds nothing more: the analytics' product and size
 * snapshots of the preset periods ending that WIB day (decision 055), one per run, as the minute
 * Cron builds them after WIB midnight. The grown data ends before today, so the bench's periods do.
 */
async function snapshotsAsOf(shop, at) {
  const built = () => {
    const db = new DatabaseSync(d1File(shop.state), { readOnly: true });
    const { n } = db
      .prepare('SELECT count(*) AS n FROM analytics_snapshots WHERE last_day = ?')
      .get(wibDay(at, -1));
    db.close();
    return n;
  };
  for (let before = -1, run = 0; run < 20; run++) {
    // Miniflare's trigger (wrangler's /__scheduled takes no time). Its status is the whole Cron's:
    // another job failing here (no mail set up) is not the snapshot's.
    await fetch(`${shop.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${at}`).then((res) =>
      res.arrayBuffer(),
    );
    const now = built();
    if (now === before) return now;
    before = now;
  }
  throw new Error('the analytics snapshots were still being built after 20 Cron runs');
}

/** Signs in, finds the ids the paths need and returns the endpoints of one size. */
async function endpoints(shop) {
  const { json } = shop;
  const { res: adminLogin } = await json('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@globalimperium.id', password: 'admin12345' }),
  });
  const admin = cookieOf(adminLogin);
  const email = `scale-${Date.now()}@contoh.id`;
  await json('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Bench Skala',
      email,
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
      turnstileToken: DUMMY_TOKEN,
    }),
  });
  const { res: login } = await json('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'rahasia123' }),
  });
  const customer = cookieOf(login);
  const { body: products } = await json('/api/products?pageSize=10');
  const product = products.items[0];
  const { body: collections } = await json('/api/collections?pageSize=10');
  const slug = collections.items[0]?.slug;
  // A timed sale live through the run on the first product and the first collection (decision
  // 046): every product read below prices it; and a code for the voucher check (decision 041)
  // that skips sale lines, the rule's longest path. A rerun finds the code taken (409): kept.
  const HOUR = 3_600_000;
  await json('/api/admin/sales', {
    method: 'POST',
    headers: { cookie: admin },
    body: JSON.stringify({
      name: 'Promo Bench',
      kind: 'percent',
      value: 10,
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      productIds: [product.id],
      collectionIds: collections.items[0] ? [collections.items[0].id] : [],
    }),
  });
  await json('/api/admin/vouchers', {
    method: 'POST',
    headers: { cookie: admin },
    body: JSON.stringify({ code: 'BENCHSKALA', kind: 'percent', value: 10, combinesWithSale: false }),
  }).catch((error) => {
    if (!String(error).includes('voucher_code_taken')) throw error;
  });
  // A line not on sale beside the one on sale: a code that skips sale lines then has a base (on
  // the demo data the second product is in the first collection, on sale, and the check refused).
  const { body: priced } = await json('/api/products?pageSize=25');
  const second =
    priced.items.find((p) => p.id !== product.id && p.variants[0]?.sale_price === null) ?? product;
  const voucherCheck = {
    voucherCode: 'BENCHSKALA',
    items: [product, second].map((p) => ({ productId: p.id, variantId: p.variants[0].id, quantity: 1 })),
  };
  /** A shopper of their own for one slice of the voucher check: its throttle counts per account. */
  const freshShopper = async () => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const shopperEmail = `scale-voucher-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@contoh.id`;
    await json('/api/auth/register', {
      method: 'POST',
      headers: { 'cf-connecting-ip': address },
      body: JSON.stringify({
        name: 'Bench Voucher',
        email: shopperEmail,
        password: 'rahasia123',
        confirmPassword: 'rahasia123',
        turnstileToken: DUMMY_TOKEN,
      }),
    });
    const { res } = await json('/api/auth/login', {
      method: 'POST',
      headers: { 'cf-connecting-ip': address },
      body: JSON.stringify({ email: shopperEmail, password: 'rahasia123' }),
    });
    return cookieOf(res);
  };
  const { body: orderPage } = await json('/api/admin/orders?pageSize=10', { headers: { cookie: admin } });
  // The true last pages: a page by offset is read from the nearer end (decision 019).
  const lastPage = Math.max(1, Math.ceil(orderPage.total / 10));
  // The analytics' periods end on the newest order's day: grown orders stop before today.
  const newest = Date.parse(orderPage.items[0]?.created_at ?? new Date().toISOString());
  console.log(
    `${shop.base}: ${await snapshotsAsOf(shop, newest)} analytics snapshots as of ${wibDay(newest, 0)}`,
  );
  const someOrder = orderPage.items.at(-1);
  const { body: csPage } = await json('/api/admin/customer-service?pageSize=10', {
    headers: { cookie: admin },
  });
  const csLast = Math.max(1, Math.ceil(csPage.total / 10));
  // Cursors deep in each long list: the keyset read of a page where OFFSET would skip the most.
  const { body: deepOrders } = await json(`/api/admin/orders?pageSize=10&page=${Math.max(1, lastPage - 1)}`, {
    headers: { cookie: admin },
  });
  const { body: deepServices } = await json(
    `/api/admin/customer-service?pageSize=10&page=${Math.max(1, csLast - 1)}`,
    {
      headers: { cookie: admin },
    },
  );
  const idPrefix = someOrder ? someOrder.id.slice(0, 6) : 'abc123';
  const nameQ = someOrder ? encodeURIComponent(someOrder.customer_name) : 'Admin';
  const emailQ = someOrder ? encodeURIComponent(someOrder.customer_email) : 'contoh.id';
  return [
    ['public', '/api/health'],
    ['public', '/api/products?pageSize=25'],
    // The first page holds the product on sale: each of its sizes priced by the live sale.
    ['public', '/api/products?pageSize=25', undefined, '/api/products (during a sale)'],
    // The price filter and sort during the sale: products_price_now's range (decision 060).
    [
      'public',
      '/api/products?max=200000&sort=price-asc&pageSize=25',
      undefined,
      '/api/products?max=200000&sort=price-asc (during a sale)',
    ],
    ['public', '/api/products?pageSize=25&page=40'],
    ['public', '/api/products?q=melati&pageSize=25'],
    ['public', '/api/products?sort=price-asc&pageSize=25'],
    ['public', `/api/products/${product.id}`],
    ['public', '/api/products/sizes'],
    ['public', '/api/collections?pageSize=10'],
    ...(slug ? [['public', `/api/collections/${slug}?pageSize=25`]] : []),
    ['public', '/api/settings'],
    ['public', '/api/content/faq'],
    ['public', '/api/shipping'],
    ['public', '/sitemap.xml'],
    ['public', '/sitemap-products-1.xml'],
    ['page', '/'],
    ['page', '/products'],
    ['page', `/product/${product.id}`],
    ...(slug ? [['page', `/collections/${slug}`]] : []),
    ['customer', '/api/auth/session', customer],
    ['customer', '/api/orders?pageSize=10', customer],
    ['customer', '/api/addresses', customer],
    [
      'customer',
      '/api/vouchers/check',
      undefined,
      'POST /api/vouchers/check',
      { method: 'POST', body: voucherCheck, fresh: freshShopper },
    ],
    ['admin', '/api/admin/stats', admin],
    // The sales analytics (decision 055): the last 30 WIB days by day, and 12 months by month.
    [
      'admin',
      `/api/admin/analytics?from=${wibDay(newest, -29)}&to=${wibDay(newest, 0)}`,
      admin,
      '/api/admin/analytics (30 days)',
    ],
    [
      'admin',
      `/api/admin/analytics?from=${wibDay(newest, -364)}&to=${wibDay(newest, 0)}&granularity=month`,
      admin,
      '/api/admin/analytics (12 months)',
    ],
    ['admin', '/api/admin/orders?pageSize=10', admin],
    ['admin', '/api/admin/orders?pageSize=10&status=processing', admin],
    ['admin', `/api/admin/orders?pageSize=10&page=${lastPage}`, admin, '/api/admin/orders?page=last'],
    // The deepest page an offset may skip to from the newest end: still a walk of 99,990 rows.
    [
      'admin',
      `/api/admin/orders?pageSize=10&page=${Math.min(10_000, lastPage)}`,
      admin,
      '/api/admin/orders?page=10000',
    ],
    ...(deepOrders.nextCursor
      ? [
          [
            'admin',
            `/api/admin/orders?pageSize=10&page=${lastPage}&after=${encodeURIComponent(deepOrders.nextCursor)}`,
            admin,
            '/api/admin/orders?after=<last page cursor>',
          ],
        ]
      : []),
    ['admin', `/api/admin/orders?pageSize=10&q=${idPrefix}`, admin, '/api/admin/orders?q=<id prefix>'],
    ['admin', `/api/admin/orders?pageSize=10&q=${nameQ}`, admin, '/api/admin/orders?q=<name>'],
    ['admin', `/api/admin/orders?pageSize=10&q=${emailQ}`, admin, '/api/admin/orders?q=<email>'],
    ...(someOrder ? [['admin', `/api/admin/orders/${someOrder.id}`, admin, '/api/admin/orders/:id']] : []),
    ['admin', '/api/admin/orders/payment-reviews?pageSize=10', admin],
    ['admin', '/api/admin/customer-service?pageSize=10', admin],
    [
      'admin',
      `/api/admin/customer-service?pageSize=10&page=${csLast}`,
      admin,
      '/api/admin/customer-service?page=last',
    ],
    ...(deepServices.nextCursor
      ? [
          [
            'admin',
            `/api/admin/customer-service?pageSize=10&page=${csLast}&after=${encodeURIComponent(deepServices.nextCursor)}`,
            admin,
            '/api/admin/customer-service?after=<last page cursor>',
          ],
        ]
      : []),
    ['admin', '/api/admin/customer-service?pageSize=10&q=pengiriman', admin],
    ['admin', '/api/admin/customer-service?pageSize=10&status=pending&priority=high', admin],
    ['admin', '/api/admin/stock?pageSize=10', admin],
  ].map(([group, path, cookie, title, post]) => ({
    group,
    path,
    ...post,
    // The shopper's session keeps the edge cache out: these rows are what a render or a read costs.
    cookie: cookie ?? (CACHED.has(group) && path !== '/api/health' ? customer : undefined),
    title: title ?? path.replace(product.id, ':id'),
  }));
}

/**
 * A shopper's product read alone, then while two admin connections search orders by name,
 * then while two connections ask `/api/health` (one read of a few rows, the same at every
 * size): what any two busy connections cost the read on this machine, data or not.
 */
async function contention(base, list) {
  const read = list.find((e) => e.title === '/api/products/:id');
  const search = list.find((e) => e.title === '/api/admin/orders?q=<name>');
  const health = list.find((e) => e.title === '/api/health');
  // Uncached (the shopper's session): the read that waits on D1 behind the admin's searches.
  const shopper = () => measureOnce(base, read.path, { cookie: read.cookie, connections: 1 });
  const alone = await shopper();
  const beside = async (other) =>
    (
      await Promise.all([shopper(), measureOnce(base, other.path, { cookie: other.cookie, connections: 2 })])
    )[0];
  return { alone, during: await beside(search), besideHealth: await beside(health) };
}

/**
 * Every endpoint on the demo shop and on the grown one in alternating slices (the other shop
 * idle meanwhile), so both figures of a ratio come from the same seconds of a shared machine.
 */
async function runSize(label) {
  const lists = { demo: await endpoints(demoShop), [label]: await endpoints(grownShop) };
  const results = { demo: {}, [label]: {} };
  const shops = { demo: demoShop, [label]: grownShop };
  for (const e of lists[label]) {
    const twin = lists.demo.find((d) => d.title === e.title);
    const sides = twin ? ['demo', label] : [label];
    const slices = await interleaved(sides, (side) =>
      measureOnce(shops[side].base, (side === 'demo' ? twin : e).path, side === 'demo' ? twin : e),
    );
    for (const side of sides) results[side][e.title] = { group: e.group, ...merged(slices[side]) };
    const demo = results.demo[e.title];
    const grown = results[label][e.title];
    console.log(`${e.title}: demo p50 ${demo?.p50 ?? '–'} ms, ${label} p50 ${grown.p50} ms`);
  }
  const warm = { demo: {}, [label]: {} };
  for (const e of lists[label].filter((e) => e.cookie && CACHED.has(e.group))) {
    const twin = lists.demo.find((d) => d.title === e.title);
    const sides = twin ? ['demo', label] : [label];
    const slices = await interleaved(sides, (side) =>
      measureWarmOnce(shops[side].base, (side === 'demo' ? twin : e).path),
    );
    for (const side of sides) warm[side][e.title] = { group: e.group, ...merged(slices[side]) };
    console.log(
      `${e.title} warm: demo p50 ${warm.demo[e.title]?.p50 ?? '–'} ms, ${label} p50 ${warm[label][e.title].p50} ms`,
    );
  }
  const slices = await interleaved(['demo', label], (side) => contention(shops[side].base, lists[side]));
  const mixed = Object.fromEntries(
    ['demo', label].map((side) => [
      side,
      Object.fromEntries(
        ['alone', 'during', 'besideHealth'].map((key) => [key, merged(slices[side].map((s) => s[key]))]),
      ),
    ]),
  );
  for (const side of ['demo', label]) {
    console.log(
      `${side} shopper read alone ${mixed[side].alone.p50} ms, during admin searches ${mixed[side].during.p50} ms, beside /api/health ${mixed[side].besideHealth.p50} ms`,
    );
  }
  return { results, warm, contention: mixed };
}

/** The resident memory (KiB) of `pid` and every process under it (wrangler dev, workerd). */
function treeRssKiB(pid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='])
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of rows) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => tree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0);
}

/**
 * The whole orders export downloaded once as the admin: its time to the first byte and to the
 * end, its size, and the shop's memory sampled every 250 ms while it streams (flat: the Worker
 * holds one keyset page, never the file).
 */
async function streamedExport(target) {
  const { res: login } = await target.json('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@globalimperium.id', password: 'admin12345' }),
  });
  const pid = target.pid();
  const mib = (kib) => Math.round(kib / 1024);
  const before = treeRssKiB(pid);
  const samples = [];
  const sampler = setInterval(() => samples.push(treeRssKiB(pid)), 250);
  const started = performance.now();
  const answer = await fetch(`${target.base}/api/admin/exports/orders.csv`, {
    headers: { cookie: cookieOf(login), origin: target.base },
  });
  let firstByte;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of answer.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const quarter = Math.floor(samples.length / 4);
  return {
    status: answer.status,
    seconds: Number(seconds.toFixed(1)),
    firstByteMs: Math.round(firstByte ?? 0),
    bytes,
    // The header is one line; an address with a line break would add one (the generated ones have none).
    rows: lines - 1,
    rssBeforeMiB: mib(before),
    rssPeakMiB: mib(Math.max(before, ...samples)),
    // Flat memory: the last quarter of the download holds no more than the first.
    rssFirstQuarterMiB: mib(Math.max(...samples.slice(0, Math.max(1, quarter)))),
    rssLastQuarterMiB: mib(Math.max(...samples.slice(-Math.max(1, quarter)))),
  };
}

const exportLines = (date, machine, runs) =>
  [
    `Measured ${date} on ${machine}: \`GET /api/admin/exports/orders.csv\` without a filter, downloaded whole by one client (the admin) from the grown shop's \`wrangler dev\`; the memory is the resident size of the shop's processes (wrangler and workerd), sampled every 250 ms while the file streams.`,
    '',
    '| size | orders written | file | first byte | whole file | memory before | peak | highest in the first quarter | highest in the last quarter |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(runs)
      .filter(([, run]) => run.export)
      .map(
        ([size, { export: e }]) =>
          `| ${size} | ${e.rows.toLocaleString('en')} | ${(e.bytes / 2 ** 20).toFixed(0)} MiB | ${e.firstByteMs} ms | ${e.seconds} s | ${e.rssBeforeMiB} MiB | ${e.rssPeakMiB} MiB | ${e.rssFirstQuarterMiB} MiB | ${e.rssLastQuarterMiB} MiB |`,
      ),
  ].join('\n');

/** grow(), again while a stopped workerd still holds the file (a loaded machine takes its time). */
async function growWhenFree(state, size) {
  for (let attempt = 1; ; attempt++) {
    try {
      return grow(state, size);
    } catch (error) {
      if (attempt === 5 || !/database is locked/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
}

const reportPath = join(root, 'docs/performance-scale.json');
const machineText = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
if (values.only) {
  const ordersIn = (shop) => {
    const db = new DatabaseSync(d1File(shop.state), { readOnly: true });
    const { n } = db.prepare('SELECT count(*) AS n FROM orders').get();
    db.close();
    return n;
  };
  const counts = { demo: ordersIn(demoShop), grown: ordersIn(grownShop) };
  const rows = [];
  try {
    await demoShop.start(false);
    await grownShop.start(false);
    const wanted = values.only.split(',');
    const pick = async (shop) =>
      (await endpoints(shop)).filter((e) => wanted.some((part) => e.title.includes(part)));
    const lists = { demo: await pick(demoShop), grown: await pick(grownShop) };
    const shops = { demo: demoShop, grown: grownShop };
    for (const e of lists.grown) {
      const twin = lists.demo.find((d) => d.title === e.title);
      const slices = await interleaved(['demo', 'grown'], (side) =>
        measureOnce(shops[side].base, (side === 'demo' ? twin : e).path, side === 'demo' ? twin : e),
      );
      const [demo, grown] = [merged(slices.demo), merged(slices.grown)];
      if (demo.non2xx + grown.non2xx > 0) throw new Error(`${e.title}: answers other than 2xx`);
      // A slice in which no answer came back has no latency: it says so rather than 0 ms.
      const slow = `no answer within a ${duration / ROUNDS} s slice`;
      const figure = (r) => (r.rps > 0 ? `${r.p50} / ${r.p99}` : slow);
      const ratio = demo.rps > 0 && grown.rps > 0 ? (grown.p50 / Math.max(1, demo.p50)).toFixed(2) : '–';
      rows.push(`| \`${e.title}\` | ${figure(demo)} | ${figure(grown)} | ${ratio} |`);
      console.log(rows.at(-1));
    }
  } finally {
    await Promise.all([demoShop.stop(), grownShop.stop()]);
  }
  writePerformanceSection(
    `only-${values.only}`,
    `Scale, \`${values.only}\` alone (\`pnpm run bench:scale -- --only ${values.only}\`)`,
    [
      `Measured ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)}, on ${machineText()}: the ${BASE_SIZE} shop (${counts.demo.toLocaleString('en')} orders) and the grown one (${counts.grown.toLocaleString('en')} orders) as the last full run left them, each endpoint in ${ROUNDS} alternating slices of ${duration / ROUNDS} s, ${connections} connections; the goal is within 1.5× of the ${BASE_SIZE} shop's p50.`,
      '',
      `| endpoint | ${BASE_SIZE} p50 / p99 ms | grown p50 / p99 ms | grown ÷ ${BASE_SIZE} |`,
      '|---|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
  process.exit(0);
}
if (values['export-only']) {
  // The export alone: the grown shop only, each size measured once; the rest of the report stays.
  const runs = {};
  try {
    await grownShop.start(true);
    for (const size of sizes) {
      await grownShop.stop();
      const rows = await growWhenFree(grownShop.state, size);
      await grownShop.start(false);
      runs[size] = { rows, export: await streamedExport(grownShop) };
      console.log(`${size}: ${JSON.stringify(runs[size].export)}`);
      // Each size as soon as it is measured: a larger one may take long on a busy machine.
      writePerformanceSection(
        'export',
        'Streamed CSV export (`pnpm run bench:scale`)',
        exportLines(
          `${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)}`,
          machineText(),
          runs,
        ),
      );
    }
  } finally {
    await grownShop.stop();
  }
  process.exit(0);
}
let report;
if (values['report-only']) {
  // The table again from the last run's figures, e.g. after a change of its layout.
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} else {
  const runs = {};
  const loadAtStart = loadavg();
  let base;
  try {
    // One after the other: two `wrangler dev` starting at once may both take the same internal
    // socket ("Address already in use"), which ended a run before it measured anything.
    await demoShop.start(true);
    await grownShop.start(true);
    // The baseline answers what a grown shop answers (a full page of orders, of search hits, of
    // customer-service records), not an empty list: the ratio then tells what the data's size adds.
    await demoShop.stop();
    const baseStarted = Date.now();
    base = { size: BASE_SIZE, rows: await growWhenFree(demoShop.state, BASE_SIZE) };
    base.grownIn = Math.round((Date.now() - baseStarted) / 1000);
    await demoShop.start(false);
    for (const size of sizes) {
      await grownShop.stop();
      const started = Date.now();
      const rows = await growWhenFree(grownShop.state, size);
      runs[size] = { grownIn: Math.round((Date.now() - started) / 1000), rows };
      await grownShop.start(false);
      Object.assign(runs[size], await runSize(size));
      runs[size].export = await streamedExport(grownShop);
    }
  } finally {
    await Promise.all([demoShop.stop(), grownShop.stop()]);
  }
  const machine = machineText();
  // The machine is shared: its load (1-minute average) before and after says how quiet it was.
  const load = { start: loadAtStart[0], end: loadavg()[0] };
  report = {
    date: new Date().toISOString(),
    machine,
    load,
    connections,
    durationSeconds: duration,
    base,
    runs,
  };
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
}
const { date, machine, runs } = report;
/** The baseline shop's name in the tables: the demo data alone in runs before it was grown. */
const baseName = report.base ? report.base.size : 'demo';
const rowsText = (rows) =>
  Object.entries(rows)
    .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
    .join(', ');

const cell = (r) => (r ? `${r.p50} / ${r.p99}` : '–');
const ratioOf = (grown, demo) => {
  if (!grown || !demo || demo.p50 <= 0) return '–';
  const ratio = (grown.p50 / demo.p50).toFixed(2);
  // The goals of issue 16: within 1.5× of the small shop's p50.
  return grown.p50 / demo.p50 > 1.5 ? `**${ratio}**` : ratio;
};
const titles = [...new Set(sizes.flatMap((size) => Object.keys(runs[size].results[size])))];
const duringOverAlone = ({ alone, during }) => during.p50 / Math.max(1, alone.p50);
const lines = [
  `Measured ${date} on ${machine}${report.load ? `, load average ${report.load.start.toFixed(1)} at the start and ${report.load.end.toFixed(1)} at the end (2 cores shared with other work)` : ''}; autocannon, ${report.connections} connections, ${report.durationSeconds} s per endpoint, loopback, \`wrangler dev\` (local workerd and D1). Two shops run at once, ${report.base ? `a ${baseName} one (the demo data grown to ${rowsText(report.base.rows)}, so its lists and searches answer full pages as the grown shop's do, not empty ones)` : 'one on the demo data'} and one on the grown database; each endpoint is measured on both in ${ROUNDS} alternating slices of ${report.durationSeconds / ROUNDS} s (A B, B A, A B) and each figure is the median of its slices, so the ${baseName} figure beside each size and the ratio come from the same seconds of the machine and a burst of load from elsewhere falls on both. Sizes: ${sizes
    .map((s) => `${s} = ${rowsText(runs[s].rows)} (grown in ${runs[s].grownIn} s)`)
    .join('; ')}. Ratios above the goal (1.5) in bold.`,
  '',
  `| group | endpoint | ${sizes.map((s) => `${baseName} p50 / p99 ms | ${s} p50 / p99 ms | ${s} ÷ ${baseName}`).join(' | ')} |`,
  `|---|---|${sizes.map(() => '---:|---:|---:').join('|')}|`,
  // Every endpoint of any size: some exist only once there are orders (an order's detail, cursors).
  ...titles.map((title) => {
    const { group } = sizes.map((s) => runs[s].results[s][title]).find(Boolean);
    const cells = sizes.map((s) => {
      const demo = runs[s].results.demo[title];
      const grown = runs[s].results[s][title];
      return `${cell(demo)} | ${cell(grown)} | ${ratioOf(grown, demo)}`;
    });
    return `| ${group} | \`${title}\` | ${cells.join(' | ')} |`;
  }),
  '',
  `A shopper’s \`GET /api/products/:id\` (1 connection) alone and while two admin connections search orders by name (goal: during ÷ alone within 1.3 at the large size), each size beside the ${baseName} shop measured in the same run. Two admin connections keep both cores busy, so the shopper's read also waits for a core, whatever the data: the ${baseName} shop's own during ÷ alone is that share of the machine, and the grown shop's during ÷ alone over the ${baseName} shop's the share of the data's size. The last columns: the same read beside two connections that ask \`/api/health\` (one read of a few rows, alike at every size), what any two busy connections cost it here:`,
  '',
  `| size | shop | alone p50 / p99 ms | during admin searches p50 / p99 ms | during ÷ alone | during ÷ ${baseName} shop’s during | during ÷ alone over the ${baseName} shop’s | beside \`/api/health\` p50 / p99 ms | beside ÷ alone |`,
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...sizes.flatMap((s) =>
    ['demo', s].map((side) => {
      const { alone, during, besideHealth } = runs[s].contention[side];
      const demoDuring = runs[s].contention.demo.during;
      const dataShare = duringOverAlone(runs[s].contention[side]) / duringOverAlone(runs[s].contention.demo);
      return `| ${s} | ${side === 'demo' ? baseName : side} | ${cell(alone)} | ${cell(during)} | ${duringOverAlone({ alone, during }).toFixed(2)} | ${(during.p50 / Math.max(1, demoDuring.p50)).toFixed(2)} | ${dataShare.toFixed(2)} | ${cell(besideHealth)} | ${besideHealth ? duringOverAlone({ alone, during: besideHealth }).toFixed(2) : '–'} |`;
    }),
  ),
  '',
  'The storefront from a warm edge cache: guests, answered by the Workers Cache API (decision 021), beside the same request rendered and read anew as a signed-in shopper (the rows above). Locally the Cache API is simulated by `wrangler dev`, so a small API answer gains little; pages and large answers show the saving:',
  '',
  `| group | endpoint | ${sizes.map((s) => `${s} uncached p50 / p99 ms | ${s} warm p50 / p99 ms`).join(' | ')} |`,
  `|---|---|${sizes.map(() => '---:|---:').join('|')}|`,
  ...[...new Set(sizes.flatMap((s) => Object.keys(runs[s].warm?.[s] ?? {})))].map((title) => {
    const { group } = sizes.map((s) => runs[s].warm?.[s]?.[title]).find(Boolean);
    return `| ${group} | \`${title}\` | ${sizes.map((s) => `${cell(runs[s].results[s][title])} | ${cell(runs[s].warm?.[s]?.[title])}`).join(' | ')} |`;
  }),
].join('\n');

writePerformanceSection('scale', 'Scale (`pnpm run bench:scale`)', lines);
if (Object.values(runs).some((run) => run.export)) {
  writePerformanceSection(
    'export',
    'Streamed CSV export (`pnpm run bench:scale`)',
    exportLines(date, machine, runs),
  );
}
console.log(lines);
