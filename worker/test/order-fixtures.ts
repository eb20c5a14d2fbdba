import { env } from 'cloudflare:test';
import type { Order } from '@gi/contracts';
import { call, countRows } from './helpers.ts';

export interface TestProduct {
  id: string;
  name: string;
  price: number;
}

/** Inserts products straight into D1 (the catalog API is tested on its own). */
export async function insertProducts(prices: number[]): Promise<TestProduct[]> {
  const list = prices.map((price, i) => ({ id: crypto.randomUUID(), name: `Parfum Uji ${i + 1}`, price }));
  if (list.length === 0) return list;
  const insert = env.DB.prepare(
    'INSERT INTO products (id, name, description, price, image) VALUES (?, ?, ?, ?, ?)',
  );
  await env.DB.batch(
    list.map((p) => insert.bind(p.id, p.name, 'Aroma uji yang tahan lama.', p.price, '/images/uji.webp')),
  );
  return list;
}

export const CUSTOMER = {
  customerName: 'Siti Aminah',
  customerEmail: 'siti@contoh.id',
  customerPhone: '',
  customerAddress: 'Jl. Melati No. 1, Jakarta',
};

export const cart = (products: TestProduct[], quantity = 1) =>
  products.map((p) => ({ productId: p.id, quantity }));

export function postOrder(cookie: string | undefined, json: unknown, key: string = crypto.randomUUID()) {
  return call('/api/orders', {
    method: 'POST',
    json,
    ...(cookie ? { cookie } : {}),
    headers: { 'idempotency-key': key },
  });
}

/** Places an order through the API and returns it, failing the test on any other answer. */
export async function placeOrder(
  cookie: string,
  items: { productId: string; quantity: number }[],
  customer: Partial<typeof CUSTOMER> = {},
): Promise<Order> {
  const res = await postOrder(cookie, { items, customer: { ...CUSTOMER, ...customer } });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<Order>();
}

export async function orderTableCounts() {
  return {
    orders: await countRows('orders'),
    order_items: await countRows('order_items'),
    idempotency_keys: await countRows('idempotency_keys'),
  };
}

export const NOTHING_WRITTEN = { orders: 0, order_items: 0, idempotency_keys: 0 };
