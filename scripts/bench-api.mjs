// API benchmark (not a test): autocannon on loopback against `wrangler dev` with
// the demo data. Every endpoint is measured in the same run next to /api/health,
// so the ratios mean something on a noisy machine. Writes docs/performance-api.json
// and the API table of docs/performance.md.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchClient, cookieOf } from './bench-client.mjs';
import { DUMMY_TOKEN } from './turnstile-test-keys.ts';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const { waitForHealth, json } = benchClient(base);

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration, ...options }, (err, result) => {
      if (err) return reject(err);
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const server = spawn(
  process.execPath,
  [join(root, 'scripts/start.mjs'), '--port', String(port), '--state', '.wrangler/bench', '--fresh'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
try {
  await waitForHealth();
  const { body: list } = await json('/api/products?pageSize=10');
  const product = list.items[0];
  const email = `bench-${Date.now()}@contoh.id`;
  await json('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Bench',
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
  const cookie = cookieOf(login);

  // Every measured request is a real order that takes stock: a product of its own, created by
  // the local seeded admin (a fresh state), with stock enough for any run.
  const { res: adminLogin } = await json('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@globalimperium.id', password: 'admin12345' }),
  });
  const { body: stocked } = await json('/api/products', {
    method: 'POST',
    headers: { cookie: cookieOf(adminLogin) },
    body: JSON.stringify({
      name: 'Parfum Uji Beban',
      description: 'Produk untuk mengukur pembuatan pesanan.',
      image: product.image,
      variants: [{ size_ml: 50, price: 250_000, stock: 1_000_000, weight_grams: 270 }],
    }),
  });

  const order = JSON.stringify({
    items: [{ productId: stocked.id, variantId: stocked.variants[0].id, quantity: 2 }],
    customer: {
      customerName: 'Bench',
      customerEmail: email,
      customerPhone: '0812-3456-7890',
      provinceCode: '31',
      regencyCode: '31.71',
      districtCode: '31.71.01',
      postalCode: '10110',
      customerAddress: 'Jl. Uji No. 1',
    },
    shippingServiceId: 'jabodetabek-reguler',
  });
  let n = 0;
  const results = [
    await run('GET /api/health', { path: '/api/health' }),
    await run('GET /api/products?pageSize=10', { path: '/api/products?pageSize=10' }),
    await run('GET /api/products/:id', { path: `/api/products/${product.id}` }),
    await run('POST /api/orders', {
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          body: order,
          // A fresh idempotency key per request: each one is a real new order.
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              origin: base,
              cookie,
              'idempotency-key': `bench-order-${++n}`,
            },
          }),
        },
      ],
    }),
  ];
  const health = results[0].requestsPerSecond;
  for (const r of results) r.ratioToHealth = Number((r.requestsPerSecond / health).toFixed(2));

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const report = { date: new Date().toISOString(), machine, connections, durationSeconds: duration, results };
  writeFileSync(join(root, 'docs/performance-api.json'), `${JSON.stringify(report, null, 2)}\n`);

  const table = [
    `Measured ${report.date} on ${machine}; autocannon, ${connections} connections, ${duration} s per endpoint, loopback, \`wrangler dev\` (local workerd, D1, R2).`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms | non-2xx | ratio to /api/health |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.title} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ratioToHealth} |`,
    ),
  ].join('\n');
  const docPath = join(root, 'docs/performance.md');
  let doc;
  try {
    doc = readFileSync(docPath, 'utf8');
  } catch {
    doc =
      '# Performance\n\nFigures from the benchmarks; goals, never test assertions.\n\n## API\n\n<!-- api:start -->\n<!-- api:end -->\n';
  }
  doc = doc.replace(
    /<!-- api:start -->[\s\S]*<!-- api:end -->/,
    `<!-- api:start -->\n${table}\n<!-- api:end -->`,
  );
  writeFileSync(docPath, doc);
  console.log(table);
} finally {
  server.kill('SIGINT');
}
