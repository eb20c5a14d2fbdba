import { env } from 'cloudflare:test';
import { MAX_LINE_QUANTITY, pageRoutes } from '@gi/contracts';
import { EXAMPLE_IDS } from '@gi/contracts/endpoints/define';
import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fetchUnderD1Limits } from '../test/d1-limits.ts';
import { definitions } from '../test/definitions.ts';
import { createUser, ORIGIN } from '../test/helpers.ts';
import { ACCESS_COOKIE } from './auth/cookies.ts';
import app from './index.ts';

// Every route of the route table (the API's and the pages'), with bodies, queries,
// path parameters and headers a browser would never send, as guest, customer and
// admin: no answer is a 5xx, no error is left unhandled, and an answer of 4xx leaves
// the data as it was. The D1 binding refuses what production's D1 refuses.

/** Tables that count attempts: a refused request may rightly add to them. */
const COUNTERS = new Set(['rate_limits']);

type Who = 'guest' | 'customer' | 'admin';
type Kind =
  | 'product'
  | 'variant'
  | 'collection'
  | 'faq'
  | 'service'
  | 'order'
  | 'address'
  | 'review'
  | 'voucher';
type Json = Record<string, unknown>;

interface Sample {
  /** A valid query, body and path parameters, which the fuzzer then spoils. */
  query?: Record<string, string>;
  body?: unknown;
  params?: Record<string, string>;
}

/** Signing out would end the session the other runs use: it is sent as a guest whoever runs. */
const GUEST_ONLY = new Set(['POST /api/auth/logout']);

/** The two file routes with a parameter, which no endpoint defines. */
const FILE_SAMPLES: Record<string, Sample> = {
  'GET /:file{sitemap-products-[0-9]+\\.xml}': { params: { file: 'sitemap-products-1.xml' } },
  'GET /images/:key': { params: { key: 'uji.webp' } },
};

const apiRoutes = [
  ...new Set(
    app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => `${r.method} ${r.path}`),
  ),
];

/** A valid request to start from: the endpoint's example, a file route's, or a page's. */
function sample(route: string): Sample {
  const endpoint = definitions.get(route);
  if (endpoint) return endpoint.definition.example ?? {};
  return FILE_SAMPLES[route] ?? pageSample(route.split(' ')[1] as string);
}

/** Page routes with parameters and a query the storefront pages read. */
function pageSample(path: string): Sample {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    params[name as string] = name === 'slug' ? EXAMPLE_IDS.collectionSlug : EXAMPLE_IDS.product;
  }
  return {
    params,
    query: {
      q: 'parfum',
      page: '2',
      sort: 'price-asc',
      collection: EXAMPLE_IDS.collectionSlug,
      min: '100000',
      max: '500000',
    },
  };
}

// Values no form sends: control characters (a NUL first of all), text over every
// limit, emoji (4 bytes each), pattern characters, malformed percent-encoding, lone
// surrogates, wrong types and numbers out of every range.
const controlText = fc.oneof(
  fc.constantFrom('\u0000', '\u0000Parfum Melati Uji', 'Parfum\u0000 Melati', 'Baris satu\u0007\u001b[31m'),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085'))
    .map(([text, control]) => `${control}${text}`),
);
const longText = fc.oneof(
  fc.constantFrom(
    '_%'.repeat(30),
    '🌸'.repeat(13),
    'a'.repeat(49),
    'a'.repeat(101),
    'Parfum 🌸 '.repeat(12),
    'a'.repeat(6000),
  ),
  fc.string({ unit: 'grapheme', minLength: 13, maxLength: 99 }),
);
const oddText = fc.constantFrom(
  '',
  ' ',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '\\',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\uD800',
  'İstanbul ß',
  // FTS5 query syntax, which a search must take as plain words.
  '"',
  '"oud" OR *',
  'NEAR(oud melati, 2)',
  '-oud ^melati',
  'name:(oud)',
  '{name description}: oud*',
);
const nastyText = fc.oneof(
  { weight: 5, arbitrary: controlText },
  { weight: 3, arbitrary: longText },
  { weight: 1, arbitrary: oddText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 10, arbitrary: nastyText },
  { weight: 2, arbitrary: nastyNumber },
  fc.constantFrom(null, true, false, [], {}),
  fc.array(nastyText, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const nastyQueryValue = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  fc.constantFrom('1e309', '-1', '0', '0x10', '99999999999999999999', 'NaN', '2.5'),
);

/** Every path to a value inside a JSON object (nested objects and arrays too). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
    return prefix.length > 0 ? [prefix, ...inner] : inner;
  }
  return [prefix];
}

function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = withValue(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Json) };
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

/** The sample with one or two values spoiled, or an extra key, or left whole, or any JSON at all. */
function spoiled(sample: Json, values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const paths = leafPaths(sample);
  const replace =
    paths.length === 0
      ? fc.constant(sample)
      : fc
          .oneof(
            { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...paths), values).map((change) => [change]) },
            {
              weight: 1,
              arbitrary: fc.array(fc.tuple(fc.constantFrom(...paths), values), {
                minLength: 2,
                maxLength: 2,
              }),
            },
          )
          .map((changes) => changes.reduce<unknown>((acc, [path, v]) => withValue(acc, path, v), sample));
  return fc.oneof(
    { weight: 8, arbitrary: replace },
    { weight: 1, arbitrary: fc.tuple(nastyText, values).map(([k, v]) => ({ ...sample, [k]: v })) },
    { weight: 1, arbitrary: fc.constant(sample) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Percent-encodes what a browser would; malformed escapes are sent as they are. */
const MALFORMED = ['%', '%ZZ', '%E0%A4%A', '%00', '%2F', '..'];
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (value: unknown) =>
  typeof value === 'string' && MALFORMED.includes(value)
    ? value
    : encodeURIComponent(String(value).replace(LONE_SURROGATE, '\uFFFD'));

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});
/** The headers the shop's pages send, or now and then one of them spoiled. */
const headers = fc
  .tuple(
    fc.uuid(),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      {
        weight: 4,
        arbitrary: fc.oneof(
          fc.record({
            'content-type': fc.constantFrom(
              'application/json; charset=utf-16',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              '',
            ),
          }),
          fc.record({ origin: fc.constantFrom('https://evil.example', 'null') }),
          fc.record({
            'cf-connecting-ip': fc.oneof(fc.constantFrom('203.0.113.9', '::1', 'bukan-ip'), headerText),
          }),
          fc.record({ 'idempotency-key': headerText }),
          fc.record({ 'accept-language': headerText }),
          fc.record({
            cookie: fc.oneof(
              fc.constantFrom(
                `${ACCESS_COOKIE}=bukan.token.jwt`,
                'gi_cart=%',
                'gi_cart=[{"id":1}]',
                'gi_rt=x',
              ),
              headerText,
            ),
          }),
        ),
      },
    ),
  )
  .map(
    ([key, spoiled]): Record<string, string> => ({
      origin: ORIGIN,
      'content-type': 'application/json',
      'idempotency-key': key,
      ...spoiled,
    }),
  );

const body = (sample: Json | undefined) =>
  fc.oneof(
    { weight: 8, arbitrary: spoiled(sample ?? {}, nastyValue).map((json) => JSON.stringify(json)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"name":', 'null', '[]', '"x"', '1e400', '{"__proto__":{"a":1}}'),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

interface Attempt {
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Requests to one route of the table, as any of the three visitors. */
function attempts(route: string): fc.Arbitrary<Attempt> {
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant<Who>('guest') },
      { weight: 1, arbitrary: fc.constant<Who>('customer') },
      { weight: 3, arbitrary: fc.constant<Who>('admin') },
    )
    .chain((who) => {
      const [method, path] = route.split(' ') as [string, string];
      const start = sample(route);
      const params = Object.entries(start.params ?? {});
      return fc
        .record({
          who: fc.constant(GUEST_ONLY.has(route) ? 'guest' : who),
          method: fc.oneof(
            { weight: 9, arbitrary: fc.constant(method) },
            fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
          ),
          params: fc.tuple(
            ...params.map(([, value]) =>
              fc.oneof(
                { weight: 2, arbitrary: fc.constant(value) },
                nastyText,
                fc.constantFrom(...MALFORMED),
              ),
            ),
          ),
          query: spoiled(start.query ?? {}, nastyQueryValue),
          rawQuery: fc.constantFrom('', '&q=%', '&page=%ZZ', '&%E0=1', '&q=%00'),
          headers,
          body: body(start.body as Json | undefined),
        })
        .map((a): Attempt => {
          let url = path;
          params.forEach(([name], i) => {
            // A parameter's pattern, if the route has one, goes with it: `:file{…}`.
            url = url.replace(new RegExp(`:${name}(?:\\{[^}]*\\})?`), encode(a.params[i]) || '%20');
          });
          const query =
            a.query && typeof a.query === 'object' && !Array.isArray(a.query)
              ? Object.entries(a.query as Json)
                  .map(([k, v]) => `${encode(k)}=${encode(v)}`)
                  .join('&')
              : `q=${encode(JSON.stringify(a.query))}`;
          return {
            who: a.who,
            method: a.method,
            url: `${url}?${query}${a.rawQuery}`,
            headers: a.headers,
            body: a.method === 'GET' ? undefined : a.body,
          };
        });
    });
}

/** Every row of every table but the counters, to compare before and after a refused request. */
async function dataSnapshot(): Promise<string> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const tables = results.map((r) => r.name).filter((name) => !COUNTERS.has(name));
  const rows = await env.DB.batch(tables.map((name) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  return JSON.stringify(
    tables.map((name, i) => [name, (rows[i]?.results ?? []).map((row) => JSON.stringify(row)).sort()]),
  );
}

/**
 * The rows the examples name (`EXAMPLE_IDS`), each with a spare for DELETE, and the customer
 * whose email they send; answers the visitors' cookies.
 */
async function seedData(): Promise<Record<Who, string>> {
  // The owner: every staff permission (decision 052), so the fuzz reaches every handler.
  const [customer, admin] = [await createUser('customer'), await createUser('owner')];
  const rows = (ids: Record<Kind | 'slug', string>) => [
    env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image) VALUES (?, 'Parfum Uji', 'Aroma uji yang tahan lama.', 250000, '/images/uji.webp')",
    ).bind(ids.product),
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 50, 250000, NULL, ?)',
    ).bind(ids.variant, ids.product, MAX_LINE_QUANTITY),
    env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES (?, ?, 'Unggulan')").bind(
      ids.collection,
      ids.slug,
    ),
    env.DB.prepare(
      "INSERT INTO customer_service (id, title, description, category) VALUES (?, 'Apa?', 'Ini.', 'faq')",
    ).bind(ids.faq),
    env.DB.prepare("INSERT INTO customer_service (id, title) VALUES (?, 'Botol bocor')").bind(ids.service),
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount) VALUES (?, ?, 'Siti', 'siti@contoh.id', 'Jl. Melati', 250000)",
    ).bind(ids.order, customer.id),
    env.DB.prepare(
      "INSERT INTO customer_addresses (id, user_id, customer_name, customer_phone, province_code, regency_code, district_code, postal_code, street) VALUES (?, ?, 'Siti', '+6281234567890', '31', '31.71', '31.71.01', '10110', 'Jl. Melati')",
    ).bind(ids.address, customer.id),
    env.DB.prepare(
      "INSERT INTO reviews (id, product_id, user_id, rating, body) VALUES (?, ?, ?, 5, 'Wangi tahan lama.')",
    ).bind(ids.review, ids.product, customer.id),
    env.DB.prepare(
      "INSERT INTO vouchers (id, code, kind, value, created_at, updated_at) VALUES (?, ?, 'percent', 10, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    ).bind(
      ids.voucher,
      ids.voucher === EXAMPLE_IDS.voucher ? EXAMPLE_IDS.voucherCode : `${EXAMPLE_IDS.voucherCode}-CADANGAN`,
    ),
  ];
  const ids = EXAMPLE_IDS;
  await env.DB.batch([
    ...rows({ ...ids, slug: ids.collectionSlug }),
    ...rows({
      product: ids.spareProduct,
      variant: crypto.randomUUID(),
      collection: ids.spareCollection,
      slug: `${ids.collectionSlug}-cadangan`,
      faq: ids.spareFaq,
      service: ids.spareService,
      order: ids.spareOrder,
      address: ids.spareAddress,
      review: ids.spareReview,
      voucher: ids.spareVoucher,
    }),
    // A sale (decision 046) and its spare for DELETE.
    ...[ids.sale, ids.spareSale].map((id) =>
      env.DB.prepare(
        "INSERT INTO sales (id, name, kind, value, starts_at, ends_at, created_at, updated_at) VALUES (?, 'Promo Uji', 'percent', 10, '2027-12-11T17:00:00.000Z', '2027-12-12T16:59:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      ).bind(id),
    ),
    // A staff account the owner's examples change (decision 052).
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash) VALUES (?, 'staf@contoh.id', 'pbkdf2-sha256$uji')",
    ).bind(ids.staff),
    env.DB.prepare(
      "INSERT INTO profiles (id, name, email, role) VALUES (?, 'Staf Uji', 'staf@contoh.id', 'order_handler')",
    ).bind(ids.staff),
    // A sold-out size of the product ('Kabari Saya').
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, 100, 450000, 0)',
    ).bind(ids.soldOutVariant, ids.product),
    // Customers of the admin's customer pages (decision 059), and the spare the erasure names.
    ...[ids.customer, ids.spareCustomer].flatMap((id, i) => [
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'pbkdf2-sha256$1$c2FsdA$aGFzaA')",
      ).bind(id, `pelanggan${i}@contoh.id`),
      env.DB.prepare("INSERT INTO profiles (id, name, email) VALUES (?, 'Pelanggan Uji', ?)").bind(
        id,
        `pelanggan${i}@contoh.id`,
      ),
    ]),
    env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(ids.customerEmail, customer.id),
    env.DB.prepare('UPDATE profiles SET email = ? WHERE id = ?').bind(ids.customerEmail, customer.id),
  ]);
  // Signed in by the access token alone: a fuzzed refresh must not rotate the runs' session away.
  const access = (cookie: string) =>
    cookie
      .split('; ')
      .filter((c) => c.startsWith(`${ACCESS_COOKIE}=`))
      .join('');
  return { guest: '', customer: access(customer.cookie), admin: access(admin.cookie) };
}

it('every endpoint with input has an example its own schemas accept, to start from', () => {
  const parsed = (schema: unknown, value: unknown) =>
    schema instanceof z.ZodType ? schema.safeParse(value).error?.message : undefined;
  const problems = [...definitions].flatMap(([route, { definition }]) => {
    const { request, example } = definition;
    const json = request?.body?.content['application/json']?.schema;
    const needs = request?.params || request?.query || json;
    if (!needs) return [];
    if (!example) return [`${route}: no example`];
    return [
      parsed(request?.params, example.params ?? {}),
      parsed(request?.query, example.query ?? {}),
      json ? parsed(json, example.body) : undefined,
    ].flatMap((problem) => (problem ? [`${route}: ${problem}`] : []));
  });
  expect(problems).toEqual([]);
});

it('no input makes any route answer 5xx, and a refused request changes no data', async () => {
  const cookies = await seedData();
  const logged: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The gateway at the network boundary (decisions 026, 033): a charge gives a QR, a cancel
  // succeeds, Snap opens a page, the status API knows nothing.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'POST') {
      return Response.json({ status_code: '404', status_message: "Transaction doesn't exist." });
    }
    const { pathname } = new URL(request.url);
    if (pathname === '/v2/charge') {
      return Response.json({
        status_code: '201',
        transaction_status: 'pending',
        qr_string: '00020101021226',
      });
    }
    if (pathname.endsWith('/cancel')) {
      return Response.json({ status_code: '200', transaction_status: 'cancel' });
    }
    return Response.json(
      { token: 't', redirect_url: 'https://app.sandbox.midtrans.com/snap/v4/redirection/t' },
      { status: 201 },
    );
  });

  // Each route its own runs: writes, where input reaches the tables, the most.
  const routes = [
    ...apiRoutes.map((route) => ({ route, runs: /^(POST|PUT|PATCH) /.test(route) ? 12 : 6 })),
    ...pageRoutes.map((page) => ({ route: `GET ${page.path}`, runs: page.path.includes(':') ? 10 : 3 })),
  ];
  for (const { route, runs } of routes.filter(({ route }) => route.includes('/reviews') || route === 'GET /')) {
    await fc.assert(
      fc.asyncProperty(attempts(route), async (attempt) => {
        const before = await dataSnapshot();
        logged.length = 0;
        const headers = new Headers(attempt.headers);
        if (cookies[attempt.who])
          headers.set('cookie', [cookies[attempt.who], headers.get('cookie')].filter(Boolean).join('; '));
        const res = await fetchUnderD1Limits(
          new Request(`${ORIGIN}${attempt.url}`, {
            method: attempt.method,
            headers,
            body: attempt.body ?? null,
          }),
        );
        const text = await res.text();
        const what = `${attempt.who} ${attempt.method} ${attempt.url} → ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        expect(logged, what).toEqual([]);
        if (res.status >= 400) {
          expect(await dataSnapshot(), `${what}: the data changed`).toBe(before);
          if (attempt.url.startsWith('/api/')) {
            expect(JSON.parse(text), what).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
          }
        }
      }),
      { seed: 20_2611, numRuns: runs, endOnFailure: true },
    );
  }
}, 300_000);
