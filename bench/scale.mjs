// Scale benchmark (not a test): the shop on the demo data, then on a local D1 grown to each
// size (bench/grow.mjs), every public, customer and admin endpoint and the storefront pages
// measured with autocannon (p50/p99), plus a shopper's product read while two admin connections
// search orders. The storefront pages and public reads are measured twice: as a signed-in shopper,
// whom the edge cache never answers (the Worker renders and reads D1 each time), and as guests
// from a warm edge cache (docs/decisions/021-edge-cache.md). Writes docs/performance-scale.json
// and the scale section of docs/performance.md.
//   pnpm run bench:scale [-- --sizes medium,large] [--seconds 3]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchClient, cookieOf } from '../scripts/bench-client.mjs';
import { grow, SIZES } from './grow.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'medium,large' },
    seconds: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8798' },
    'report-only': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').filter(Boolean);
for (const size of sizes) if (!SIZES[size]) throw new Error(`unknown size ${size}`);
const duration = Number(values.seconds);
const connections = 4;
const base = `http://127.0.0.1:${values.port}`;
const state = join(root, '.wrangler/scale');

const { waitForHealth, json } = benchClient(base);

/** A guest's answer from the edge cache: one request warms it, the measured ones must all be hits. */
async function measureWarm(path) {
  await fetch(`${base}${path}`).then((res) => res.arrayBuffer());
  const res = await fetch(`${base}${path}`);
  await res.arrayBuffer();
  if (res.headers.get('x-cache') !== 'hit') throw new Error(`${path}: not from the edge cache`);
  return measure(path);
}

function measure(path, { cookie, connections: n = connections } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${base}${path}`, connections: n, duration, headers: cookie ? { cookie } : {} },
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

async function startShop(fresh) {
  const args = [join(root, 'scripts/start.mjs'), '--port', values.port, '--state', '.wrangler/scale'];
  const server = spawn(process.execPath, fresh ? [...args, '--fresh'] : args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth();
  return server;
}

async function stopShop(server) {
  server.kill('SIGINT');
  await once(server, 'exit');
  // Until the port is free, workerd still holds the database file.
  for (let i = 0; i < 60; i++) {
    try {
      await fetch(`${base}/api/health`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Groups whose guest answers the edge cache shares. */
const CACHED = new Set(['public', 'page']);

/** Signs in, finds the ids the paths need and returns the endpoints of one size. */
async function endpoints() {
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
  const { body: orderPage } = await json('/api/admin/orders?pageSize=10', { headers: { cookie: admin } });
  const lastPage = Math.min(10_000, Math.max(1, Math.ceil(orderPage.total / 10)));
  const someOrder = orderPage.items.at(-1);
  const { body: csPage } = await json('/api/admin/customer-service?pageSize=10', {
    headers: { cookie: admin },
  });
  const csLast = Math.min(10_000, Math.max(1, Math.ceil(csPage.total / 10)));
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
    ['admin', '/api/admin/stats', admin],
    ['admin', '/api/admin/orders?pageSize=10', admin],
    ['admin', '/api/admin/orders?pageSize=10&status=processing', admin],
    ['admin', `/api/admin/orders?pageSize=10&page=${lastPage}`, admin, '/api/admin/orders?page=last'],
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
  ].map(([group, path, cookie, title]) => ({
    group,
    path,
    // The shopper's session keeps the edge cache out: these rows are what a render or a read costs.
    cookie: cookie ?? (CACHED.has(group) && path !== '/api/health' ? customer : undefined),
    title: title ?? path.replace(product.id, ':id'),
  }));
}

/** A shopper's product read alone, then while two admin connections search orders by name. */
async function contention(list) {
  const read = list.find((e) => e.title === '/api/products/:id');
  const search = list.find((e) => e.title === '/api/admin/orders?q=<name>');
  // Uncached (the shopper's session): the read that waits on D1 behind the admin's searches.
  const alone = await measure(read.path, { cookie: read.cookie, connections: 1 });
  const [during] = await Promise.all([
    measure(read.path, { cookie: read.cookie, connections: 1 }),
    measure(search.path, { cookie: search.cookie, connections: 2 }),
  ]);
  return { alone, during };
}

async function runSize(label) {
  const list = await endpoints();
  const results = {};
  for (const e of list) {
    results[e.title] = { group: e.group, ...(await measure(e.path, { cookie: e.cookie })) };
    console.log(`${label} ${e.title}: p50 ${results[e.title].p50} ms, p99 ${results[e.title].p99} ms`);
  }
  const warm = {};
  for (const e of list.filter((e) => e.cookie && CACHED.has(e.group))) {
    warm[e.title] = { group: e.group, ...(await measureWarm(e.path)) };
    console.log(`${label} ${e.title} warm: p50 ${warm[e.title].p50} ms, p99 ${warm[e.title].p99} ms`);
  }
  const mixed = await contention(list);
  console.log(
    `${label} shopper read alone ${mixed.alone.p50} ms, during admin searches ${mixed.during.p50} ms`,
  );
  return { results, warm, contention: mixed };
}

const reportPath = join(root, 'docs/performance-scale.json');
let report;
if (values['report-only']) {
  // The table again from the last run's figures, e.g. after a change of its layout.
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} else {
  const runs = {};
  let server = await startShop(true);
  try {
    runs.demo = await runSize('demo');
    for (const size of sizes) {
      await stopShop(server);
      server = undefined;
      const started = Date.now();
      const rows = grow(state, size);
      runs[size] = { grownIn: Math.round((Date.now() - started) / 1000), rows };
      server = await startShop(false);
      Object.assign(runs[size], await runSize(size));
    }
  } finally {
    if (server) await stopShop(server);
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  report = { date: new Date().toISOString(), machine, connections, durationSeconds: duration, runs };
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
}
const { date, machine, runs } = report;

const labels = ['demo', ...sizes];
const cell = (r) => (r ? `${r.p50} / ${r.p99}` : '–');
const lines = [
  `Measured ${date} on ${machine}; autocannon, ${report.connections} connections, ${report.durationSeconds} s per endpoint, loopback, \`wrangler dev\` (local workerd and D1). Sizes: ${sizes
    .map(
      (s) =>
        `${s} = ${Object.entries(runs[s].rows)
          .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
          .join(', ')} (grown in ${runs[s].grownIn} s)`,
    )
    .join('; ')}.`,
  '',
  `| group | endpoint | ${labels.map((l) => `${l} p50 / p99 ms`).join(' | ')} | ${sizes.at(-1)} p50 ÷ demo p50 |`,
  `|---|---|${labels.map(() => '---:').join('|')}|---:|`,
  // Every endpoint of any size: some exist only once there are orders (an order's detail, cursors).
  ...[...new Set(labels.flatMap((l) => Object.keys(runs[l].results)))].map((title) => {
    const demo = runs.demo.results[title];
    const last = runs[sizes.at(-1)]?.results[title];
    const ratio = demo && last && demo.p50 > 0 ? (last.p50 / demo.p50).toFixed(2) : '–';
    const { group } = labels.map((l) => runs[l].results[title]).find(Boolean);
    return `| ${group} | \`${title}\` | ${labels.map((l) => cell(runs[l].results[title])).join(' | ')} | ${ratio} |`;
  }),
  '',
  'A shopper’s `GET /api/products/:id` (1 connection) alone and while two admin connections search orders by name:',
  '',
  '| size | alone p50 / p99 ms | during admin searches p50 / p99 ms | ratio of p50 |',
  '|---|---:|---:|---:|',
  ...labels.map((l) => {
    const { alone, during } = runs[l].contention;
    return `| ${l} | ${cell(alone)} | ${cell(during)} | ${(during.p50 / Math.max(1, alone.p50)).toFixed(2)} |`;
  }),
  '',
  'The storefront from a warm edge cache: guests, answered by the Workers Cache API (decision 021), beside the same request rendered and read anew (the rows above, as a signed-in shopper):',
  '',
  `| group | endpoint | ${labels.map((l) => `${l} uncached p50 / p99 ms | ${l} warm p50 / p99 ms`).join(' | ')} |`,
  `|---|---|${labels.map(() => '---:|---:').join('|')}|`,
  ...Object.keys(runs.demo.warm ?? {}).map((title) => {
    const { group } = runs.demo.warm[title];
    return `| ${group} | \`${title}\` | ${labels.map((l) => `${cell(runs[l].results[title])} | ${cell(runs[l].warm?.[title])}`).join(' | ')} |`;
  }),
].join('\n');

const docPath = join(root, 'docs/performance.md');
let doc = readFileSync(docPath, 'utf8');
if (!doc.includes('<!-- scale:start -->')) {
  doc += '\n## Scale (`pnpm run bench:scale`)\n\n<!-- scale:start -->\n<!-- scale:end -->\n';
}
doc = doc.replace(
  /<!-- scale:start -->[\s\S]*<!-- scale:end -->/,
  `<!-- scale:start -->\n${lines}\n<!-- scale:end -->`,
);
writeFileSync(docPath, doc);
console.log(lines);
