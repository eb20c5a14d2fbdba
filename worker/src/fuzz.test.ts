import { env } from 'cloudflare:test';
import { pageRoutes } from '@gi/contracts';
import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import { fetchUnderD1Limits } from '../test/d1-limits.ts';
import { call, createUser, ORIGIN } from '../test/helpers.ts';
import { insertProducts } from '../test/order-fixtures.ts';
import { ACCESS_COOKIE } from './auth/cookies.ts';
import app from './index.ts';

// Every route of the route table (the API's and the pages'), with bodies, queries,
// path parameters and headers a browser would never send, as guest, customer and
// admin: no answer is a 5xx, no error is left unhandled, and an answer of 4xx leaves
// the data as it was. The D1 binding refuses what production's D1 refuses.

/** Tables that count attempts: a refused request may rightly add to them. */
const COUNTERS = new Set(['rate_limits']);

type Who = 'guest' | 'customer' | 'admin';
type Json = Record<string, unknown>;

interface Sample {
  /** A valid query, body and path parameters, which the fuzzer then spoils. */
  query?: Record<string, string>;
  body?: Json;
  params?: Record<string, string>;
  /** Sent as a guest whoever runs: signing out would end the session the other runs use. */
  guestOnly?: boolean;
}

type Kind = 'product' | 'variant' | 'collection' | 'faq' | 'service' | 'order' | 'address' | 'review';

interface Seed {
  /** Rows the runs read and change; DELETE goes to a spare row, so the others keep them. */
  ids: Record<Kind, string>;
  spare: Record<Kind, string>;
  collectionSlug: string;
  settings: Json;
  emails: Record<Who, string>;
}

/** A valid request for each route; a route added to the API without one fails this file. */
function samples(seed: Seed, who: Who): Record<string, Sample> {
  const list = { q: 'parfum', page: '1', pageSize: '10' };
  const product = {
    name: 'Parfum Uji',
    description: 'Aroma uji yang tahan lama.',
    image: '/images/uji.webp',
    variants: [
      {
        id: seed.ids.variant,
        weight_grams: 270,
        size_ml: 50,
        price: 250_000,
        stock: 10,
        expected_stock: 10,
        sku: null,
      },
      { weight_grams: 270, size_ml: 100, price: '450.000', stock: '3', sku: null },
    ],
  };
  const collection = {
    name: 'Koleksi Uji',
    description: 'Pilihan aroma segar.',
    image: null,
    slug: 'koleksi-uji',
    productIds: [seed.ids.product],
  };
  const service = {
    title: 'Botol bocor',
    description: 'Tutup botol retak.',
    category: 'general',
    priority: 'medium',
    status: 'active',
    file_url: null,
  };
  const review = {
    rating: 4,
    body: 'Wanginya lembut dan tahan seharian.',
    photos: [],
    wearTest: { hours: 8, projection: 'sedang', occasions: ['kantor', 'malam'], heat: true },
  };
  const faq = { question: 'Berapa lama pengiriman?', answer: 'Dua sampai lima hari kerja.' };
  const address = {
    customerName: 'Siti Aminah',
    customerPhone: '0812-3456-7890',
    provinceCode: '31',
    regencyCode: '31.71',
    districtCode: '31.71.01',
    postalCode: '10110',
    customerAddress: 'Jl. Melati No. 1',
  };
  return {
    'GET /api/health': {},
    'POST /api/auth/register': {
      body: {
        name: 'Nama Uji',
        email: 'baru@contoh.id',
        password: 'rahasia123',
        confirmPassword: 'rahasia123',
      },
    },
    'POST /api/auth/login': { body: { email: seed.emails.customer, password: 'salah-sekali' } },
    'POST /api/auth/refresh': {},
    'POST /api/auth/logout': { guestOnly: true },
    'GET /api/auth/session': {},
    'PATCH /api/auth/profile': {
      body: { name: 'Nama Baru', email: seed.emails[who], phone: '0812-3456-7890' },
    },
    // The same password again: the runs' sign-in and password stay what they were.
    'POST /api/auth/password/change': {
      body: { currentPassword: 'rahasia123', password: 'rahasia123', confirmPassword: 'rahasia123' },
    },
    'GET /api/auth/email/confirm': { query: { token: 'a'.repeat(43) } },
    'GET /api/auth/email/undo': { query: { token: 'a'.repeat(43) } },
    'GET /api/auth/login/link': { query: { token: 'a'.repeat(43) } },
    'POST /api/auth/password/forgot': { body: { email: seed.emails.customer } },
    'POST /api/auth/password/reset': { body: { token: 'a'.repeat(43), password: 'rahasia123' } },
    'GET /api/products': {
      query: {
        ...list,
        limit: '3',
        sort: 'price-asc',
        collection: seed.collectionSlug,
        min: '100000',
        max: '500000',
        size: '50',
        note: 'jeruk',
      },
    },
    'GET /api/products/sizes': {},
    'GET /api/products/:id': { params: { id: seed.ids.product } },
    'GET /api/products/notes': {},
    'GET /api/products/:id/related': { params: { id: seed.ids.product } },
    'POST /api/products': { body: product },
    'PUT /api/products/:id': { params: { id: seed.ids.product }, body: product },
    'DELETE /api/products/:id': { params: { id: seed.spare.product } },
    'GET /api/collections': { query: list },
    'GET /api/collections/:slug': { params: { slug: seed.collectionSlug }, query: { page: '1' } },
    'POST /api/collections': { body: collection },
    'PUT /api/collections/:id': { params: { id: seed.ids.collection }, body: collection },
    'DELETE /api/collections/:id': { params: { id: seed.spare.collection } },
    'POST /api/images': {},
    'POST /api/contact': {
      body: { name: 'Siti', email: 'siti@contoh.id', subject: 'Tanya stok', message: 'Apakah ada?' },
    },
    'GET /api/content/faq': {},
    'POST /api/content/faq': { body: faq },
    'PUT /api/content/faq/:id': { params: { id: seed.ids.faq }, body: faq },
    'DELETE /api/content/faq/:id': { params: { id: seed.spare.faq } },
    'GET /api/content/policies/:kind': { params: { kind: 'privacy-policy' } },
    'PUT /api/content/policies/:kind': {
      params: { kind: 'privacy-policy' },
      body: { content: 'Kami menjaga data Anda.' },
    },
    'GET /api/settings': {},
    'PATCH /api/settings': { body: seed.settings },
    'GET /api/admin/customer-service': {
      query: { ...list, status: 'active', category: 'general', priority: 'medium' },
    },
    'GET /api/admin/customer-service/:id': { params: { id: seed.ids.service } },
    'POST /api/admin/customer-service': { body: service },
    'PUT /api/admin/customer-service/:id': { params: { id: seed.ids.service }, body: service },
    'DELETE /api/admin/customer-service/:id': { params: { id: seed.spare.service } },
    'GET /api/admin/stats': {},
    'GET /api/admin/stock': { query: { page: '1', pageSize: '10' } },
    'PUT /api/admin/stock/threshold': { body: { threshold: 5 } },
    'GET /api/admin/stock/:variantId/changes': {
      params: { variantId: seed.ids.variant },
      query: { page: '1', pageSize: '10' },
    },
    'GET /api/admin/products/estimated-weights': { query: { page: '1', pageSize: '10' } },
    'GET /api/admin/products/:id': { params: { id: seed.ids.product } },
    'POST /api/orders': {
      body: {
        items: [{ productId: seed.ids.product, variantId: seed.ids.variant, quantity: 1 }],
        customer: { ...address, customerEmail: 'siti@contoh.id' },
        shippingServiceId: 'jabodetabek-kilat',
        paymentChannel: 'other_qris',
      },
    },
    'GET /api/orders/mine': {},
    'GET /api/orders': { query: { cursor: `2026-03-01T10:00:00.000Z~${seed.ids.order}` } },
    'GET /api/orders/:id': { params: { id: seed.ids.order } },
    'POST /api/orders/:id/cancel': {
      params: { id: seed.ids.order },
      body: { reason: 'Salah pilih aroma', confirmPaid: true },
    },
    // No body: the owner's word that the parcel arrived.
    'POST /api/orders/:id/received': { params: { id: seed.ids.order } },
    // Multipart in real use: the fuzzer's JSON bodies must all be refused cleanly.
    'POST /api/orders/:id/receipt': { params: { id: seed.ids.order } },
    'GET /api/orders/:id/receipt': { params: { id: seed.ids.order } },
    'GET /api/admin/orders/payment-reviews': { query: { page: '1', pageSize: '10' } },
    'GET /api/admin/orders/refunds': { query: { page: '1', pageSize: '10' } },
    'POST /api/admin/orders/:id/refund': { params: { id: seed.ids.order } },
    'POST /api/admin/orders/:id/payment/confirm': { params: { id: seed.ids.order } },
    'POST /api/admin/orders/:id/payment/reject': {
      params: { id: seed.ids.order },
      body: { reason: 'Nominal transfer tidak sesuai' },
    },
    'GET /api/settings/payment': {},
    'GET /api/admin/settings/payment': {},
    'PUT /api/admin/settings/payment': {
      body: {
        bankAccounts: [{ bank: 'BCA', accountNumber: '542-501-7788', holder: 'PT Global Imperium' }],
        paymentWindowHours: 24,
        qrisImage: '/images/uji.webp',
        notificationEmail: 'pesanan@contoh.id',
        unpaidOrdersPerCustomer: 3,
        unpaidOrdersPerClient: 20,
      },
    },
    'GET /api/payment-options': {},
    'POST /api/orders/:id/payment-method': {
      params: { id: seed.ids.order },
      body: { channel: 'other_qris' },
    },
    'POST /api/payments/midtrans/notification': {
      body: {
        order_id: seed.ids.order,
        status_code: '200',
        gross_amount: '250000.00',
        transaction_status: 'settlement',
        signature_key: 'a'.repeat(128),
      },
    },
    'GET /api/admin/orders/:id/gateway': { params: { id: seed.ids.order } },
    // No body: the order's own courier service is booked.
    'POST /api/admin/orders/:id/shipment': { params: { id: seed.ids.order } },
    'POST /api/shipping/biteship/webhook': {
      body: { event: 'order.status', order_id: '5dd6da88f43bd430ecd5aa2e', status: 'picked' },
    },
    'GET /api/admin/settings/gateway': {},
    'PUT /api/admin/settings/gateway': { body: { channels: ['other_qris', 'bca_va'], manualTransfer: true } },
    'GET /api/admin/orders': { query: { ...list, status: 'pending' } },
    'GET /api/admin/orders/:id': { params: { id: seed.ids.order } },
    'PATCH /api/admin/orders/:id/status': { params: { id: seed.ids.order }, body: { status: 'processing' } },
    'DELETE /api/admin/orders/:id': { params: { id: seed.spare.order } },
    'GET /api/openapi.json': {},
    'GET /api/areas/provinces': {},
    'GET /api/areas/provinces/:code/regencies': { params: { code: '32' } },
    'GET /api/areas/regencies/:code/districts': { params: { code: '32.71' } },
    'GET /api/shipping': {},
    'POST /api/shipping/quote': {
      body: {
        districtCode: '31.71.01',
        items: [{ productId: seed.ids.product, variantId: seed.ids.variant, quantity: 2 }],
      },
    },
    'PUT /api/admin/shipping': {
      body: {
        zones: [
          {
            name: 'Pulau Jawa',
            areaCodes: ['31', '32', '32.71'],
            services: [{ name: 'Reguler', baseFee: 20_000, perItemFee: 3_000, etaMinDays: 2, etaMaxDays: 3 }],
          },
        ],
        freeShippingThreshold: 1_000_000,
      },
    },
    'GET /api/admin/shipping/courier': {},
    'PUT /api/admin/shipping/courier': {
      body: { enabled: true, origin: address, packagingWeightGrams: 100, couriers: ['jne', 'sicepat'] },
    },
    'GET /api/addresses': {},
    'POST /api/addresses': { body: { ...address, isDefault: true } },
    'PUT /api/addresses/:id': { params: { id: seed.ids.address }, body: { ...address, isDefault: false } },
    'DELETE /api/addresses/:id': { params: { id: seed.spare.address } },
    'GET /api/products/:id/reviews': {
      params: { id: seed.ids.product },
      query: { sort: 'helpful', page: '1', pageSize: '10', after: `0~${seed.ids.review}` },
    },
    'GET /api/products/:id/reviews/mine': { params: { id: seed.ids.product } },
    'POST /api/products/:id/reviews': { params: { id: seed.ids.product }, body: review },
    'PUT /api/reviews/:id': { params: { id: seed.ids.review }, body: review },
    // Multipart in real use: the fuzzer's JSON bodies must all be refused cleanly.
    'POST /api/reviews/photos': {},
    'POST /api/reviews/:id/helpful': { params: { id: seed.ids.review } },
    'GET /api/admin/reviews': {
      query: { status: 'pending', page: '1', pageSize: '10', after: `2026-03-01T10:00:00.000Z~1` },
    },
    'POST /api/admin/reviews/:id/publish': { params: { id: seed.ids.review } },
    'POST /api/admin/reviews/:id/hide': {
      params: { id: seed.ids.review },
      body: { reason: 'Berisi nomor telepon' },
    },
    'PUT /api/admin/reviews/:id/reply': { params: { id: seed.ids.review }, body: { reply: 'Terima kasih!' } },
    'GET /robots.txt': {},
    'GET /sitemap.xml': {},
    'GET /sitemap-pages.xml': {},
    'GET /:file{sitemap-products-[0-9]+\\.xml}': { params: { file: 'sitemap-products-1.xml' } },
    'GET /images/:key': { params: { key: 'uji.webp' } },
  };
}

const apiRoutes = [
  ...new Set(
    app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => `${r.method} ${r.path}`),
  ),
];

/** Page routes with parameters and a query the storefront pages read. */
function pageSample(seed: Seed, path: string): Sample {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    params[name as string] = name === 'slug' ? seed.collectionSlug : seed.ids.product;
  }
  return {
    params,
    query: {
      q: 'parfum',
      page: '2',
      sort: 'price-asc',
      collection: seed.collectionSlug,
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
function attempts(seed: Seed, route: string): fc.Arbitrary<Attempt> {
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant<Who>('guest') },
      { weight: 1, arbitrary: fc.constant<Who>('customer') },
      { weight: 3, arbitrary: fc.constant<Who>('admin') },
    )
    .chain((who) => {
      const [method, path] = route.split(' ') as [string, string];
      const sample = samples(seed, who)[route] ?? pageSample(seed, path);
      const params = Object.entries(sample.params ?? {});
      return fc
        .record({
          who: fc.constant(sample.guestOnly ? 'guest' : who),
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
          query: spoiled(sample.query ?? {}, nastyQueryValue),
          rawQuery: fc.constantFrom('', '&q=%', '&page=%ZZ', '&%E0=1', '&q=%00'),
          headers,
          body: body(sample.body),
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

async function seedData(): Promise<{ seed: Seed; cookies: Record<Who, string> }> {
  const [customer, admin] = [await createUser('customer'), await createUser('admin')];
  const rows = async (): Promise<Record<Kind, string>> => {
    const [product] = await insertProducts([250_000]);
    const ids = {
      product: product?.id as string,
      variant: product?.variantId as string,
      collection: crypto.randomUUID(),
      faq: crypto.randomUUID(),
      service: crypto.randomUUID(),
      order: crypto.randomUUID(),
      address: crypto.randomUUID(),
      review: crypto.randomUUID(),
    };
    await env.DB.batch([
      env.DB.prepare('INSERT INTO collections (id, slug, name) VALUES (?, ?, ?)').bind(
        ids.collection,
        `koleksi-${ids.collection.slice(0, 8)}`,
        'Unggulan',
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
    ]);
    return ids;
  };
  const [ids, spare] = [await rows(), await rows()];
  const slug = await env.DB.prepare('SELECT slug FROM collections WHERE id = ?')
    .bind(ids.collection)
    .first<string>('slug');
  // Signed in by the access token alone: a fuzzed refresh must not rotate the runs' session away.
  const access = (cookie: string) =>
    cookie
      .split('; ')
      .filter((c) => c.startsWith(`${ACCESS_COOKIE}=`))
      .join('');
  return {
    seed: {
      ids,
      spare,
      collectionSlug: slug as string,
      settings: await (await call('/api/settings')).json<Json>(),
      emails: { guest: 'tamu@contoh.id', customer: customer.email, admin: admin.email },
    },
    cookies: { guest: '', customer: access(customer.cookie), admin: access(admin.cookie) },
  };
}

it('every route of the table describes a valid request to start from', async () => {
  const { seed } = await seedData();
  const described = Object.keys(samples(seed, 'admin'));
  expect(apiRoutes.filter((route) => !described.includes(route))).toEqual([]);
  expect(described.filter((route) => !apiRoutes.includes(route))).toEqual([]);
});

it('no input makes any route answer 5xx, and a refused request changes no data', async () => {
  const { seed, cookies } = await seedData();
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
  for (const { route, runs } of routes) {
    await fc.assert(
      fc.asyncProperty(attempts(seed, route), async (attempt) => {
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
}, 120_000);
