import { env } from 'cloudflare:test';
import type { Order, ProductDetail } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { allowManyUnpaid, insertProducts, placeOrder, queuedEmails } from '../../test/order-fixtures.ts';
import { compose } from '../../test/set-fixtures.ts';
import { sendStockSummary } from './stock-alerts.ts';

// Low-stock alerts (decision 059): one email to the shop per fall to the threshold, in the
// stock change's batch; back above the threshold re-arms it; a daily summary from the Cron.

const stockOf = (variantId: string) =>
  env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(variantId)
    .first<number | null>('stock');

const alerts = () => queuedEmails('shop-low-stock');

async function shop(stock: number) {
  await allowManyUnpaid();
  const admins = [await createUser('admin'), await createUser('admin')];
  const customer = await createUser();
  const [product] = await insertProducts([100_000], stock);
  const productId = product?.id as string;
  const variantId = product?.variantId as string;
  const buy = (quantity: number) => placeOrder(customer.cookie, [{ productId, variantId, quantity }]);
  const cancel = async (order: Order) => {
    const res = await call(`/api/admin/orders/${order.id}/status`, {
      method: 'PATCH',
      cookie: (admins[0] as TestUser).cookie,
      json: { status: 'cancelled' },
    });
    expect(res.status).toBe(200);
  };
  return { admins, customer, productId, variantId, buy, cancel };
}

describe('low-stock alert', () => {
  it('mails every admin once when an order takes a size to the threshold, not again while it stays low', async () => {
    const { admins, customer, variantId, buy } = await shop(8);
    await buy(2);
    expect(await stockOf(variantId)).toBe(6);
    expect(await alerts()).toEqual([]);
    await buy(1);
    expect(await stockOf(variantId)).toBe(5);
    const first = await alerts();
    expect(first.map((email) => email.to_address).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(first[0]?.subject).toBe('Stok menipis: Parfum Uji 1 50 ml (sisa 5)');
    expect(first[0]?.body).toContain('Stok tersisa: 5');
    expect(first[0]?.body).toContain('Batas stok menipis: 5');
    expect(first.map((email) => email.to_address)).not.toContain(customer.email);
    // Lower still: the same stay at or below the threshold, no second email.
    await buy(2);
    await buy(3);
    expect(await stockOf(variantId)).toBe(0);
    expect(await alerts()).toHaveLength(2);
  }, 30_000); // several orders or saves through the API

  it('is re-armed when the stock goes back above the threshold, and not by a restock that stays low', async () => {
    const { variantId, buy, cancel } = await shop(7);
    const two = await buy(2);
    const one = await buy(1);
    expect(await stockOf(variantId)).toBe(4);
    expect(await alerts()).toHaveLength(2);
    // 4 → 5: back, but still at the threshold: not re-armed.
    await cancel(one);
    expect(await stockOf(variantId)).toBe(5);
    await buy(1);
    expect(await alerts()).toHaveLength(2);
    // 4 → 6: above the threshold; the next fall mails again, with the stock it left.
    await cancel(two);
    expect(await stockOf(variantId)).toBe(6);
    expect(await alerts()).toHaveLength(2);
    await buy(3);
    expect(await stockOf(variantId)).toBe(3);
    const all = await alerts();
    expect(all).toHaveLength(4);
    expect(all.slice(2).map((email) => email.subject)).toEqual([
      'Stok menipis: Parfum Uji 1 50 ml (sisa 3)',
      'Stok menipis: Parfum Uji 1 50 ml (sisa 3)',
    ]);
  }, 30_000); // several orders or saves through the API

  it("follows the admin's threshold and the product form's stock changes", async () => {
    const { admins, productId, variantId } = await shop(20);
    const admin = admins[0] as TestUser;
    const saved = await call('/api/admin/stock/threshold', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { threshold: 10 },
    });
    expect(saved.status).toBe(200);
    const setStock = async (from: number, to: number) => {
      const res = await call(`/api/products/${productId}`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: {
          name: 'Parfum Uji 1',
          description: 'Aroma uji yang tahan lama.',
          image: '/images/uji.webp',
          variants: [
            {
              id: variantId,
              size_ml: 50,
              price: 100_000,
              stock: to,
              expected_stock: from,
              weight_grams: 270,
            },
          ],
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await setStock(20, 11);
    expect(await alerts()).toEqual([]);
    await setStock(11, 10);
    expect((await alerts()).map((email) => email.subject)).toEqual([
      'Stok menipis: Parfum Uji 1 50 ml (sisa 10)',
      'Stok menipis: Parfum Uji 1 50 ml (sisa 10)',
    ]);
    await setStock(10, 30);
    await setStock(30, 2);
    expect(await alerts()).toHaveLength(4);
  }, 30_000); // several orders or saves through the API
});

/** A product `name` with one size of `ml` and `stock`, as the discovery sets' tests make them. */
async function sizeOf(name: string, ml: number, stock: number | null) {
  const size = { productId: crypto.randomUUID(), variantId: crypto.randomUUID() };
  await env.DB.batch([
    env.DB.prepare('INSERT INTO products (id, name, description, price, image) VALUES (?, ?, ?, ?, ?)').bind(
      size.productId,
      name,
      'Aroma uji yang tahan lama.',
      50_000,
      '/images/uji.webp',
    ),
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, ?, 50000, ?, 10)',
    ).bind(size.variantId, size.productId, ml, stock),
  ]);
  return size;
}

/**
 * A set of Melati (`melatiStock` counted, `melatiPerSet` in each set) and Gaharu (20), composed by
 * an admin, and a customer who buys sets of it.
 */
async function setScene(melatiStock: number, melatiPerSet: number) {
  await allowManyUnpaid();
  const admin = await createUser('admin');
  const customer = await createUser();
  const melati = await sizeOf('Melati Uji', 2, melatiStock);
  const gaharu = await sizeOf('Gaharu Uji', 2, 20);
  const set = await sizeOf('Set Pria', 10, null);
  const composed = await compose(admin, set.variantId, [
    { variant_id: melati.variantId, quantity: melatiPerSet },
    { variant_id: gaharu.variantId, quantity: 1 },
  ]);
  expect(composed.status).toBe(200);
  const buySets = (quantity: number) => placeOrder(customer.cookie, [{ ...set, quantity }]);
  return { admin, melati, set, buySets };
}

describe("a discovery set's samples (decision 061)", () => {
  it("mail the sample's alert once when the set's orders take it to the threshold, naming the set, and the summary names it too", async () => {
    const { admin, melati, buySets } = await setScene(7, 1);
    await buySets(1);
    expect(await alerts()).toEqual([]);
    // Melati 6 → 5: the set's shown stock falls with it; Gaharu (18) stays above.
    await buySets(1);
    expect(await stockOf(melati.variantId)).toBe(5);
    const sent = await alerts();
    expect(sent.map((email) => [email.to_address, email.subject])).toEqual([
      [admin.email, 'Stok menipis: Melati Uji 2 ml (sisa 5)'],
    ]);
    expect(sent[0]?.body).toContain('Dipakai di Set Discovery: "Set Pria 10 ml"');
    // Lower still, the same stay at or below the threshold: no second email.
    await buySets(2);
    expect(await stockOf(melati.variantId)).toBe(3);
    expect(await alerts()).toHaveLength(1);
    expect(await sendStockSummary(env, new Date('2026-11-30T00:05:00.000Z'))).toBe(1);
    const [summary] = await queuedEmails('shop-stock-summary');
    expect(summary?.body).toContain('Melati Uji 2 ml: sisa 3, dipakai di Set Discovery "Set Pria 10 ml"');
  }, 30_000); // several orders through the API
});

describe('a discovery set taking 2 of one sample (decision 061)', () => {
  it("mails the sample's alert when the set falls to the threshold, before the sample does, once per fall", async () => {
    const { admin, melati, set, buySets } = await setScene(13, 2);
    const setShows = async () =>
      (await (await call(`/api/products/${set.productId}`)).json<ProductDetail>()).variants[0]?.stock;
    // Melati 13 → 11: the set (2 Melati each) shows 5, the threshold, while Melati is above it.
    await buySets(1);
    expect(await stockOf(melati.variantId)).toBe(11);
    expect(await setShows()).toBe(5);
    const sent = await alerts();
    expect(sent.map((email) => [email.to_address, email.subject])).toEqual([
      [admin.email, 'Stok menipis: Melati Uji 2 ml (sisa 11)'],
    ]);
    expect(sent[0]?.body).toContain('Dipakai di Set Discovery: "Set Pria 10 ml" (isi 2)');
    // Lower still, the same stay: no second email; back above the set's mark re-arms it.
    await buySets(1);
    expect(await alerts()).toHaveLength(1);
    await env.DB.prepare('UPDATE product_variants SET stock = 13 WHERE id = ?').bind(melati.variantId).run();
    await env.DB.prepare(
      "INSERT INTO stock_changes (id, variant_id, from_stock, to_stock, reason, actor, created_at) VALUES (?, ?, 9, 13, 'form', 'system', ?)",
    )
      .bind(crypto.randomUUID(), melati.variantId, new Date().toISOString())
      .run();
    await buySets(1);
    expect(await alerts()).toHaveLength(2);
  }, 30_000); // several orders through the API
});

describe('daily stock summary', () => {
  // 07:05 WIB is 00:05 UTC.
  const morning = new Date('2026-11-30T00:05:00.000Z');

  it('lists every low size lowest first, once a day to each admin, from the Cron', async () => {
    const admins = [await createUser('admin'), await createUser('admin')];
    await insertProducts([100_000], 4);
    await insertProducts([100_000], 0);
    await insertProducts([100_000], 9);
    await insertProducts([100_000], null);
    expect(await sendStockSummary(env, new Date('2026-11-29T23:59:00.000Z'))).toBe(0);
    expect(await sendStockSummary(env, morning)).toBe(2);
    const sent = await queuedEmails('shop-stock-summary');
    expect(sent.map((email) => email.to_address).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(sent[0]?.subject).toBe('Ringkasan stok menipis 2026-11-30: 2 ukuran');
    expect(sent[0]?.body).toMatch(/Parfum Uji 1 50 ml: habis\nParfum Uji 1 50 ml: sisa 4\n/);
    // Later runs of the day find it sent; the next day's morning sends again.
    expect(await sendStockSummary(env, new Date('2026-11-30T00:40:00.000Z'))).toBe(0);
    expect(await sendStockSummary(env, new Date('2026-11-30T05:00:00.000Z'))).toBe(0);
    expect(await queuedEmails('shop-stock-summary')).toHaveLength(2);
    expect(await sendStockSummary(env, new Date('2026-12-01T00:01:00.000Z'))).toBe(2);
  });

  it('sends nothing when no size is low', async () => {
    await createUser('admin');
    await insertProducts([100_000], 6);
    expect(await sendStockSummary(env, morning)).toBe(0);
    expect(await queuedEmails('shop-stock-summary')).toEqual([]);
  });
});
