import { env } from 'cloudflare:test';
import type { Order, OrderDetail, SampleCreditPage, SampleCreditPreview, Voucher } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, countRows, createUser, type TestUser } from '../../test/helpers.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  choosePaymentMethod,
  NOTHING_WRITTEN,
  orderTableCounts,
  postOrder,
  REGULER,
  savePaymentSettings,
} from '../../test/order-fixtures.ts';
import { postOrderOn, racingDb } from '../../test/racing-db.ts';
import { compose, productOf, type Size } from '../../test/set-fixtures.ts';

// 'Kredit Sampel' at checkout (decision 061 part B): earned pending by a sample or set, usable once
// its order is delivered, taken by the same scent's full bottle once, given back by a cancel; in
// workerd against real D1.

type ErrorBody = { error: { code: string; message: string } };

afterEach(() => {
  vi.restoreAllMocks();
});

const offer = (enabled: boolean, validDays = 30) =>
  env.DB.prepare("INSERT OR REPLACE INTO site_settings (key, value) VALUES ('sampleCredit', ?)")
    .bind(JSON.stringify({ enabled, validDays }))
    .run();

/** A second size of `product`'s product: `ml` at `price`, stock not counted. */
async function sizeOf(product: Size, ml: number, price: number): Promise<Size> {
  const variantId = crypto.randomUUID();
  await env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, ?, ?, NULL, 10)',
  )
    .bind(variantId, product.productId, ml, price)
    .run();
  return { productId: product.productId, variantId };
}

/** Melati in 2 ml (Rp 25.000) and 50 ml (Rp 300.000), Kenanga in 50 ml (Rp 200.000). */
async function catalog() {
  await allowManyUnpaid();
  const melati = await productOf('Melati', 50, 300_000, null);
  const melatiSample = await sizeOf(melati, 2, 25_000);
  const kenanga = await productOf('Kenanga', 50, 200_000, null);
  return { melati, melatiSample, kenanga };
}

const items = (...sizes: Size[]) =>
  sizes.map((size) => ({ productId: size.productId, variantId: size.variantId, quantity: 1 }));

async function order(user: TestUser, sizes: Size[], more: Record<string, unknown> = {}): Promise<Order> {
  const res = await postOrder(user.cookie, { items: items(...sizes), customer: CUSTOMER, ...more });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<Order>();
}

/** The order's way to 'delivered' (the trigger activates its credits whatever path gets it there). */
async function deliver(orderId: string, at = new Date().toISOString()) {
  await env.DB.batch([
    env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(orderId),
    env.DB.prepare(
      "UPDATE orders SET status = 'shipped', courier = 'JNE', tracking_number = 'RESI1' WHERE id = ?",
    ).bind(orderId),
    env.DB.prepare("UPDATE orders SET status = 'delivered', updated_at = ? WHERE id = ?").bind(at, orderId),
  ]);
}

const creditsOf = async (user: TestUser) =>
  (await call('/api/sample-credits', { cookie: user.cookie })).json<SampleCreditPage>();

/** A customer whose delivered sample order gave an available credit of Rp 25.000 toward Melati. */
async function withCredit(user?: TestUser) {
  await offer(true);
  const shop = await catalog();
  const customer = user ?? (await createUser());
  const source = await order(customer, [shop.melatiSample]);
  await deliver(source.id);
  return { ...shop, customer, source };
}

describe('earning', () => {
  it('gives nothing while off; on, a sample order gives a pending credit that delivery makes available', async () => {
    const { melati, melatiSample } = await catalog();
    const customer = await createUser();
    const off = await order(customer, [melatiSample]);
    expect(off.credit_earned).toBe(0);
    expect(await countRows('sample_credits')).toBe(0);

    await offer(true, 30);
    const placed = await order(customer, [melatiSample]);
    expect(placed).toMatchObject({ credit_earned: 25_000, credit_amount: 0 });
    const bottle = await order(customer, [melati]);
    expect(bottle).toMatchObject({ credit_earned: 0, credit_amount: 0 });
    const [pending] = (await creditsOf(customer)).items;
    expect(pending).toMatchObject({
      amount: 25_000,
      state: 'pending',
      source_order_id: placed.id,
      source_name: 'Melati 2 ml',
      products: [{ id: melati.productId, name: 'Melati' }],
      expires_at: null,
      used_order_id: null,
    });

    const at = '2025-11-20T03:00:00.000Z';
    await deliver(placed.id, at);
    expect((await creditsOf(customer)).items[0]).toMatchObject({
      state: 'expired',
      expires_at: '2025-12-20T03:00:00.000Z',
    });
    const now = Date.now();
    await env.DB.prepare('UPDATE sample_credits SET expires_at = ? WHERE source_order_id = ?')
      .bind(new Date(now + 86_400_000).toISOString(), placed.id)
      .run();
    expect((await creditsOf(customer)).items.map((credit) => credit.state)).toEqual(['available']);
    // Another customer sees none of it.
    expect((await creditsOf(await createUser())).items).toEqual([]);
  });

  it('a cancelled source voids its pending credit, which delivery can no longer make available', async () => {
    await offer(true);
    const { melatiSample } = await catalog();
    const customer = await createUser();
    const placed = await order(customer, [melatiSample]);
    const res = await call(`/api/orders/${placed.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(res.status).toBe(200);
    expect((await creditsOf(customer)).items.map((credit) => credit.state)).toEqual(['void']);
    expect(
      (await (await call(`/api/orders/${placed.id}`, { cookie: customer.cookie })).json<Order>())
        .credit_earned,
    ).toBe(0);
  });
});

describe('using', () => {
  it('takes min(credit, price) off the same scent’s full bottle, once; nothing off another scent or a sample', async () => {
    const { melati, melatiSample, kenanga, customer } = await withCredit();
    const other = await order(customer, [kenanga, melatiSample]);
    expect(other.credit_amount).toBe(0);
    const preview = await call('/api/sample-credits/preview', {
      method: 'POST',
      cookie: customer.cookie,
      json: { items: items(melati) },
    });
    expect(await preview.json<SampleCreditPreview>()).toMatchObject({
      credit_amount: 25_000,
      credits: [{ source_name: 'Melati 2 ml', product_name: 'Melati', amount: 25_000 }],
    });
    const used = await order(customer, [melati]);
    expect(used.credit_amount).toBe(25_000);
    expect(used.total_amount).toBe(300_000 - 25_000 + REGULER.baseFee + used.unique_code);
    expect(await countRows('sample_credit_uses')).toBe(1);
    const states = (await creditsOf(customer)).items.map((credit) => [credit.state, credit.used_order_id]);
    expect(states).toContainEqual(['used', used.id]);
    const again = await order(customer, [melati]);
    expect(again.credit_amount).toBe(0);
  });

  it('never another customer’s credit, nor an expired one; a cheap bottle takes only its price', async () => {
    const { melati, customer } = await withCredit();
    const stranger = await createUser();
    expect((await order(stranger, [melati])).credit_amount).toBe(0);
    await env.DB.prepare("UPDATE sample_credits SET expires_at = '2020-01-01T00:00:00.000Z'").run();
    expect((await order(customer, [melati])).credit_amount).toBe(0);
    await env.DB.prepare("UPDATE sample_credits SET expires_at = '2099-01-01T00:00:00.000Z'").run();
    const cheap = await sizeOf(melati, 15, 20_000);
    expect((await order(customer, [cheap])).credit_amount).toBe(20_000);
  });

  it('a set’s credit pays toward any of its samples’ products, as composed when bought', async () => {
    await offer(true);
    const admin = await createUser('admin');
    const { melati, melatiSample, kenanga } = await catalog();
    const kenangaSample = await sizeOf(kenanga, 2, 25_000);
    const set = await productOf('Set Discovery', 10, 60_000, null);
    expect(
      (
        await compose(admin, set.variantId, [
          { variant_id: melatiSample.variantId, quantity: 1 },
          { variant_id: kenangaSample.variantId, quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    const customer = await createUser();
    const bought = await order(customer, [set]);
    expect(bought.credit_earned).toBe(60_000);
    await deliver(bought.id);
    await compose(admin, set.variantId, [{ variant_id: melatiSample.variantId, quantity: 2 }]);
    const [credit] = (await creditsOf(customer)).items;
    expect(credit?.products.map((product) => product.name).sort()).toEqual(['Kenanga', 'Melati']);
    const used = await order(customer, [kenanga, melati]);
    // One credit, one unit: the dearer bottle (Melati) takes it, at most the credit.
    expect(used.credit_amount).toBe(60_000);
    expect(used.total_amount).toBe(500_000 - 60_000 + REGULER.baseFee + 2_000 + used.unique_code);
  });

  it('a voucher comes first (its percent on the full price), the credit after, capped at the items left', async () => {
    const { melati, customer } = await withCredit();
    const admin = await createUser('owner');
    const made = await call('/api/admin/vouchers', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: 'HEMAT10', kind: 'percent', value: 10 },
    });
    expect((await made.json<Voucher>()).code).toBe('HEMAT10');
    const used = await order(customer, [melati], { voucherCode: 'HEMAT10' });
    expect(used).toMatchObject({ discount_amount: 30_000, credit_amount: 25_000 });
    expect(used.total_amount).toBe(300_000 - 30_000 - 25_000 + REGULER.baseFee + used.unique_code);
  });

  it('on sale: the sample earns its sale price paid, and a bottle on sale takes at most its sale price', async () => {
    await offer(true);
    const { melati, melatiSample } = await catalog();
    const admin = await createUser('admin');
    const live = {
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const sale = (name: string, value: number, size: Size) =>
      call('/api/admin/sales', {
        method: 'POST',
        cookie: admin.cookie,
        json: { name, kind: 'fixed', value, ...live, variantIds: [size.variantId] },
      });
    expect((await sale('Promo Sampel', 5_000, melatiSample)).status).toBe(201);
    const customer = await createUser();
    const bought = await order(customer, [melatiSample]);
    expect(bought.credit_earned).toBe(20_000);
    await deliver(bought.id);
    // Melati 50 ml at Rp 10.000: the credit of Rp 20.000 takes Rp 10.000, the whole credit spent.
    expect((await sale('Promo Botol', 290_000, melati)).status).toBe(201);
    const used = await order(customer, [melati]);
    expect(used).toMatchObject({ subtotal_amount: 10_000, credit_amount: 10_000 });
    expect(used.total_amount).toBe(REGULER.baseFee + used.unique_code);
    expect((await creditsOf(customer)).items.map((credit) => credit.state)).toEqual(['used']);
  });

  it('a cancel of the using order gives the credit back, once', async () => {
    const { melati, customer } = await withCredit();
    const used = await order(customer, [melati]);
    expect(used.credit_amount).toBe(25_000);
    const cancel = () =>
      call(`/api/orders/${used.id}/cancel`, { method: 'POST', cookie: customer.cookie, json: {} });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    expect(await countRows('sample_credit_uses')).toBe(0);
    expect((await creditsOf(customer)).items.map((credit) => credit.state)).toEqual(['available']);
    expect((await order(customer, [melati])).credit_amount).toBe(25_000);
  });
});

describe('the race', () => {
  it('two checkouts that read one credit: one order takes it, the other a 409 and nothing written', async () => {
    const { melati, customer } = await withCredit();
    const before = await orderTableCounts();
    // The read of usable credits (not the orders' answers, whose credit_earned is a subquery).
    const race = racingDb(2, /^select [^(]* from "sample_credits"/i);
    const body = { items: items(melati), customer: CUSTOMER };
    const answers = await Promise.all(
      ['kredit-01', 'kredit-02'].map((key) => postOrderOn(race.db, customer.cookie, body, key)),
    );
    expect(race.held()).toBe(2);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const lost = answers.find((res) => res.status === 409) as Response;
    expect((await lost.json<ErrorBody>()).error).toEqual({
      code: 'sample_credit_used',
      message:
        'Kredit Sampel Anda baru saja dipakai atau berubah. Periksa total lalu tekan Buat Pesanan lagi.',
    });
    const after = await orderTableCounts();
    expect({
      orders: after.orders - before.orders - 1,
      order_items: after.order_items - before.order_items - 1,
      idempotency_keys: after.idempotency_keys - before.idempotency_keys - 1,
    }).toEqual(NOTHING_WRITTEN);
    expect(await countRows('sample_credit_uses')).toBe(1);
  });
});

describe('paying', () => {
  it('the gateway gets a negative "Kredit Sampel" line and the items sum to the amount; a switch to transfer keeps it', async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie);
    const { melati, customer } = await withCredit();
    const midtrans = fakeMidtrans();
    const res = await postOrder(customer.cookie, {
      items: items(melati),
      customer: CUSTOMER,
      paymentChannel: 'other_qris',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<OrderDetail>();
    const total = 300_000 - 25_000 + REGULER.baseFee;
    expect(placed.total_amount).toBe(total);
    const [charge] = midtrans.charges as {
      transaction_details: { gross_amount: number };
      item_details: { id: string; name: string; price: number; quantity: number }[];
    }[];
    expect(charge?.transaction_details.gross_amount).toBe(total);
    expect(charge?.item_details).toContainEqual({
      id: 'kredit-sampel',
      name: 'Kredit Sampel',
      price: -25_000,
      quantity: 1,
    });
    expect(charge?.item_details.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(total);

    const switched = await choosePaymentMethod(customer.cookie, placed.id, 'bank_transfer');
    expect(switched.status, await switched.clone().text()).toBe(200);
    const detail = await (
      await call(`/api/orders/${placed.id}`, { cookie: customer.cookie })
    ).json<OrderDetail>();
    expect(detail.total_amount).toBe(total + detail.unique_code);
    expect(detail.unique_code).toBeGreaterThan(0);
  });
});
