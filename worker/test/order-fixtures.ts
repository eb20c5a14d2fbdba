import { env } from 'cloudflare:test';
import { MAX_LINE_QUANTITY, type Order, type OrderDetail, type OrderStatus } from '@gi/contracts';
import { call, countRows } from './helpers.ts';

export interface TestProduct {
  id: string;
  /** Its one size, 50 ml. */
  variantId: string;
  name: string;
  price: number;
}

/**
 * Inserts products straight into D1 (the catalog API is tested on its own), each sold in
 * one size of 50 ml at its price, with `stock` units (null: not counted), of which one
 * customer may hold `maxPerOrder` in unpaid orders (by default any quantity an order line takes).
 */
export async function insertProducts(
  prices: number[],
  stock: number | null = null,
  maxPerOrder = MAX_LINE_QUANTITY,
): Promise<TestProduct[]> {
  const list = prices.map((price, i) => ({
    id: crypto.randomUUID(),
    variantId: crypto.randomUUID(),
    name: `Parfum Uji ${i + 1}`,
    price,
  }));
  if (list.length === 0) return list;
  const insert = env.DB.prepare(
    'INSERT INTO products (id, name, description, price, image) VALUES (?, ?, ?, ?, ?)',
  );
  const size = env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 50, ?, ?, ?)',
  );
  await env.DB.batch(
    list.flatMap((p) => [
      insert.bind(p.id, p.name, 'Aroma uji yang tahan lama.', p.price, '/images/uji.webp'),
      size.bind(p.variantId, p.id, p.price, stock, maxPerOrder),
    ]),
  );
  return list;
}

/**
 * The statements of an order of `products` (one of each, at its price) by `user` in `status`,
 * straight into D1 (the lifecycle is tested on its own), and the order's id.
 */
export function orderRows(user: { id: string; email: string }, products: TestProduct[], status: OrderStatus) {
  const id = crypto.randomUUID();
  const total = products.reduce((sum, product) => sum + product.price, 0);
  const statements = [
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status) VALUES (?, ?, 'Siti', ?, 'Jl. Melati', ?, ?)",
    ).bind(id, user.id, user.email, total, status),
    ...products.map((product) =>
      env.DB.prepare(
        'INSERT INTO order_items (id, order_id, product_id, product_name, product_price, variant_id, size_ml, quantity, subtotal) VALUES (?, ?, ?, ?, ?, ?, 50, 1, ?)',
      ).bind(
        crypto.randomUUID(),
        id,
        product.id,
        product.name,
        product.price,
        product.variantId,
        product.price,
      ),
    ),
  ];
  return { id, statements };
}

/** A delivery address in Kec. Gambir, Jakarta Pusat: the seeded Jabodetabek zone. */
export const CUSTOMER = {
  customerName: 'Siti Aminah',
  customerEmail: 'siti@contoh.id',
  customerPhone: '0812-3456-7890',
  provinceCode: '31',
  regencyCode: '31.71',
  districtCode: '31.71.01',
  postalCode: '10110',
  customerAddress: 'Jl. Melati No. 1',
};

/** What the server composes from CUSTOMER's parts. */
export const CUSTOMER_FULL_ADDRESS =
  'Jl. Melati No. 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta 10110';

/** Seeded by migrations/0010: Jabodetabek 'Reguler', Rp 15.000 + Rp 2.000 per extra item. */
export const REGULER = { id: 'jabodetabek-reguler', baseFee: 15_000, perItemFee: 2_000 };

export const cart = (products: TestProduct[], quantity = 1) =>
  products.map((p) => ({ productId: p.id, variantId: p.variantId, quantity }));

/**
 * POST /api/orders; a body object that names no shipping service gets the seeded Jabodetabek
 * 'Reguler', and one that names no payment channel the manual transfer.
 */
export function postOrder(cookie: string | undefined, json: unknown, key: string = crypto.randomUUID()) {
  return call('/api/orders', {
    method: 'POST',
    json: withService(json),
    ...(cookie ? { cookie } : {}),
    headers: { 'idempotency-key': key },
  });
}

export function withService(json: unknown): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  return {
    ...('paymentChannel' in json ? {} : { paymentChannel: 'bank_transfer' }),
    ...('shippingServiceId' in json ? {} : { shippingServiceId: REGULER.id }),
    ...json,
  };
}

/** Places an order through the API and returns it, failing the test on any other answer. */
export async function placeOrder(
  cookie: string,
  items: { productId: string; variantId: string; quantity: number }[],
  customer: Partial<typeof CUSTOMER> = {},
): Promise<Order> {
  const res = await postOrder(cookie, { items, customer: { ...CUSTOMER, ...customer } });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<Order>();
}

/** The order page's choice of how to pay (POST /api/orders/{id}/payment-method). */
export const choosePaymentMethod = (cookie: string, orderId: string, channel: string) =>
  call(`/api/orders/${orderId}/payment-method`, { method: 'POST', cookie, json: { channel } });

/** The order as its owner (or the admin) reads it. */
export const orderDetailOf = async (cookie: string, id: string) =>
  (await call(`/api/orders/${id}`, { cookie })).json<OrderDetail>();

export async function orderTableCounts() {
  return {
    orders: await countRows('orders'),
    order_items: await countRows('order_items'),
    idempotency_keys: await countRows('idempotency_keys'),
  };
}

export const NOTHING_WRITTEN = { orders: 0, order_items: 0, idempotency_keys: 0 };

/** Payment settings as the admin saves them (two accounts, 24 hours, the shop's inbox). */
export const PAYMENT_SETTINGS = {
  bankAccounts: [
    { bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' },
    { bank: 'Mandiri', accountNumber: '1240009876543', holder: 'PT Global Imperium' },
  ],
  paymentWindowHours: 24,
  qrisImage: null,
  notificationEmail: 'toko@contoh.id',
};

/**
 * For tests that place more unpaid orders from one account (and the tests' one address,
 * 'local') than the default limits allow: the highest limits the admin can set.
 */
export async function allowManyUnpaid(): Promise<void> {
  await env.DB.prepare("INSERT OR REPLACE INTO site_settings (key, value) VALUES ('payment', ?)")
    .bind(JSON.stringify({ ...PAYMENT_SETTINGS, unpaidOrdersPerCustomer: 20, unpaidOrdersPerClient: 500 }))
    .run();
}

export async function savePaymentSettings(adminCookie: string, settings: unknown = PAYMENT_SETTINGS) {
  const res = await call('/api/admin/settings/payment', {
    method: 'PUT',
    cookie: adminCookie,
    json: settings,
  });
  if (res.status !== 200) throw new Error(`payment settings failed: ${res.status} ${await res.text()}`);
}

/** POST /api/orders/:id/receipt with one file in the `file` field. */
export function uploadReceipt(cookie: string, orderId: string, bytes: Uint8Array, type: string) {
  const body = new FormData();
  body.set('file', new File([bytes], 'bukti.png', { type }));
  return call(`/api/orders/${orderId}/receipt`, { method: 'POST', cookie, body });
}

/** Outbox rows of one template (to whom), oldest first. */
export async function queuedEmails(
  template: string,
): Promise<{ to_address: string; subject: string; body: string }[]> {
  const { results } = await env.DB.prepare(
    'SELECT to_address, subject, body FROM email_outbox WHERE template = ? ORDER BY created_at, rowid',
  )
    .bind(template)
    .all<{ to_address: string; subject: string; body: string }>();
  return results;
}
