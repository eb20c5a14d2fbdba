import { env } from 'cloudflare:test';
import { orderItemSchema, orderSchema } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers.ts';
import { insertProducts, NOTHING_WRITTEN, orderTableCounts } from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import { getOrder } from './reads.ts';
import { insertOrder, type NewOrder } from './record.ts';

async function newOrder(lines: NewOrder['lines'], key = 'kunci-uji-01'): Promise<NewOrder> {
  const user = await createUser();
  return {
    userId: user.id,
    idempotencyKey: key,
    requestHash: 'hash',
    customerName: 'Siti Aminah',
    customerEmail: 'siti@contoh.id',
    customerPhone: '+6281234567890',
    customerAddress: 'Jl. Melati No. 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, DKI Jakarta 10110',
    area: {
      province: { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
      regency: { code: '31.71', name: 'Kota Administrasi Jakarta Pusat' },
      district: { code: '31.71.01', name: 'Gambir' },
    },
    postalCode: '10110',
    shipping: { zone: 'Jabodetabek', service: 'Reguler', fee: 15_000, etaMinDays: 1, etaMaxDays: 2 },
    lines,
    uniqueCode: 123,
    paymentDueAt: '2026-03-02T10:00:00.000Z',
    clientIp: '203.0.113.7',
    limits: { perCustomer: 3, perClient: 20 },
  };
}

const noExtra = () => [];

/** One 50 ml line of an inserted product (`insertProducts`) at `price`, `quantity` times. */
const line = (
  product: { id: string; variantId: string } | undefined,
  productName: string,
  productPrice: number,
  quantity = 1,
) => ({
  productId: product?.id as string,
  variantId: product?.variantId as string,
  sizeMl: 50,
  productName,
  productPrice,
  quantity,
});

describe('insertOrder', () => {
  it('writes key, order and items together', async () => {
    const [a, b] = await insertProducts([100_000, 50_000]);
    const order = await insertOrder(
      getDb(env.DB),
      await newOrder([line(a, 'A', 100_000, 3), line(b, 'B', 50_000)]),
      noExtra,
    );
    expect(order.total_amount).toBe(350_000 + 15_000 + 123);
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 2, idempotency_keys: 1 });
    // The order it answers (from memory) is the one D1 reads back, to the byte, keys in the schema's order.
    expect(JSON.stringify(await getOrder(getDb(env.DB), order.id))).toBe(JSON.stringify(order));
    expect(Object.keys(order)).toEqual(Object.keys(orderSchema.shape));
    expect(Object.keys(order.order_items[0] ?? {})).toEqual(Object.keys(orderItemSchema.shape));
  });

  // The last item breaks a CHECK after the key, the order and the first item were
  // written inside the batch: D1 must roll all of them back.
  it.each([
    ['quantity 100', { productPrice: 10_000, quantity: 100 }],
    ['negative price', { productPrice: -1, quantity: 1 }],
    ['fractional quantity', { productPrice: 10_000, quantity: 1.5 }],
  ])('leaves nothing behind when an item violates a constraint (%s)', async (_, bad) => {
    const [a, b] = await insertProducts([100_000, 10_000]);
    const input = await newOrder([line(a, 'A', 100_000), { ...line(b, 'B', 0), ...bad }]);
    await expect(insertOrder(getDb(env.DB), input, noExtra)).rejects.toThrow();
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('leaves nothing behind when an item names a product that does not exist', async () => {
    const [a] = await insertProducts([100_000]);
    const input = await newOrder([
      line(a, 'A', 100_000),
      {
        productId: 'tidak-ada',
        variantId: 'tidak-ada',
        sizeMl: 50,
        productName: 'X',
        productPrice: 1,
        quantity: 1,
      },
    ]);
    await expect(insertOrder(getDb(env.DB), input, noExtra)).rejects.toThrow();
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('fails as a whole when the idempotency key is taken', async () => {
    const [a] = await insertProducts([100_000]);
    const input = await newOrder([line(a, 'A', 100_000)]);
    const db = getDb(env.DB);
    await insertOrder(db, input, noExtra);
    await expect(insertOrder(db, input, noExtra)).rejects.toThrow();
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 1, idempotency_keys: 1 });
  });
});
