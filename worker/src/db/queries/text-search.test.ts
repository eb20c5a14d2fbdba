import { env } from 'cloudflare:test';
import type { Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { callUnderD1Limits } from '../../../test/d1-limits.ts';
import { createUser } from '../../../test/helpers.ts';
import { cart, insertProducts, placeOrder } from '../../../test/order-fixtures.ts';

// 98 characters and 100 bytes in UTF-8 (the emoji is 4): twice D1's LIKE pattern limit.
const LONG = `Parfum Melati 🌸 Edisi 100% Istimewa_untuk Hari Raya, wangi lembut yang tahan lama sepanjang hari.`;

async function names(path: string, field: string, cookie?: string): Promise<string[]> {
  const res = await callUnderD1Limits(path, cookie ? { cookie } : {});
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as Page<Record<string, string>>).items.map((item) => item[field] as string);
}

const query = (q: string) => `q=${encodeURIComponent(q)}`;

describe('searches of any length that the list allows', () => {
  it('products and collections match the whole long name, ignoring case', async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO products (id, name, description, price, image) VALUES ('p1', ?, 'Aroma melati segar.', 1000, '/images/a.webp')",
      ).bind(LONG),
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c1', 'melati', ?)").bind(LONG),
    ]);
    expect(await names(`/api/products?${query(LONG)}`, 'name')).toEqual([LONG]);
    expect(await names(`/api/products?${query(LONG.toUpperCase())}`, 'name')).toEqual([LONG]);
    expect(await names(`/api/products?${query(`${LONG.slice(0, 60)}x`)}`, 'name')).toEqual([]);
    expect(await names(`/api/collections?${query(LONG.toLowerCase())}`, 'name')).toEqual([LONG]);
    // `%` and `_` are only themselves.
    expect(await names(`/api/collections?${query('%'.repeat(40))}`, 'name')).toEqual([]);
  });

  it('admin orders and customer-service records match the whole long text', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const order = await placeOrder(customer.cookie, cart(await insertProducts([90_000])), {
      customerName: LONG,
    });
    await env.DB.prepare(
      "INSERT INTO customer_service (id, title, description) VALUES ('cs1', 'Pertanyaan', ?)",
    )
      .bind(LONG)
      .run();
    expect(await names(`/api/admin/orders?${query(LONG.toUpperCase())}`, 'id', admin.cookie)).toEqual([
      order.id,
    ]);
    expect(await names(`/api/admin/orders?${query(order.id.toUpperCase())}`, 'id', admin.cookie)).toEqual([
      order.id,
    ]);
    expect(await names(`/api/admin/customer-service?${query(LONG)}`, 'title', admin.cookie)).toEqual([
      'Pertanyaan',
    ]);
  });

  it('a search longer than the list allows gets a clear 400', async () => {
    const res = await callUnderD1Limits(`/api/products?${query('a'.repeat(101))}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Kata pencarian maksimal 100 karakter',
        fields: { q: 'Kata pencarian maksimal 100 karakter' },
      },
    });
  });
});
