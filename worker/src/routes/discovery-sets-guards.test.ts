import { env } from 'cloudflare:test';
import type { ProductDetail } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { compose, productOf } from '../../test/set-fixtures.ts';
import { sendBackInStock } from '../services/back-in-stock.ts';

// Discovery sets (decision 061): what the sets' samples must keep true. A sample size a set holds
// is not deleted from under it; a set sold out by its samples takes 'Kabari Saya' asks, and a
// sample's restock that makes it available again mails them (decision 042).

const componentsOf = async (setId: string) =>
  (
    await env.DB.prepare(
      'SELECT component_variant_id AS id FROM variant_components WHERE set_variant_id = ? ORDER BY id',
    )
      .bind(setId)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

/**
 * Melati (a 2 ml sample and a 50 ml bottle), Gaharu 2 ml, and the set 'Set Pria' 10 ml of one
 * Melati and one Gaharu sample.
 */
async function shop() {
  const admin = await createUser('admin');
  const melati = await productOf('Melati Uji', 2, 35_000, 7);
  const bottle = crypto.randomUUID();
  await env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 50, 300000, 5, 10)',
  )
    .bind(bottle, melati.productId)
    .run();
  const gaharu = await productOf('Gaharu Uji', 2, 45_000, 3);
  const set = await productOf('Set Pria', 10, 120_000, null);
  expect(
    (
      await compose(admin, set.variantId, [
        { variant_id: melati.variantId, quantity: 1 },
        { variant_id: gaharu.variantId, quantity: 1 },
      ])
    ).status,
  ).toBe(200);
  return { admin, melati, bottle, gaharu, set };
}

const REFUSED = 'Ukuran 2 ml ada di Set Discovery "Set Pria 10 ml"; keluarkan dulu dari set itu.';

describe('a sample size a discovery set holds', () => {
  it('is not left out of its product form: 409 naming the set, nothing changed', async () => {
    const { admin, melati, bottle, gaharu, set } = await shop();
    const product = await (
      await call(`/api/admin/products/${melati.productId}`, { cookie: admin.cookie })
    ).json<ProductDetail & { variants: { id: string; size_ml: number; price: number; stock: number }[] }>();
    const size = (id: string) => {
      const saved = product.variants.find((variant) => variant.id === id);
      return {
        id,
        size_ml: saved?.size_ml,
        price: saved?.price,
        stock: saved?.stock,
        expected_stock: saved?.stock,
        weight_grams: 150,
      };
    };
    const save = (variants: object[]) =>
      call(`/api/products/${melati.productId}`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: {
          name: 'Melati Baru',
          description: product.description,
          images: [{ url: '/images/uji.webp', widths: [] }],
          variants,
        },
      });
    const refused = await save([size(bottle)]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'sample_in_set', message: REFUSED } });
    expect(await componentsOf(set.variantId)).toEqual([melati.variantId, gaharu.variantId].sort());
    const name = await env.DB.prepare('SELECT name FROM products WHERE id = ?')
      .bind(melati.productId)
      .first<string>('name');
    expect(name).toBe('Melati Uji');
    // Keeping the sample and leaving out the bottle is a save like any.
    expect((await save([size(melati.variantId)])).status).toBe(200);
    expect(await componentsOf(set.variantId)).toEqual([melati.variantId, gaharu.variantId].sort());
  });

  it('does not go with its product: 409 naming the set; out of the set, the product can go', async () => {
    const { admin, melati, gaharu, set } = await shop();
    const remove = () =>
      call(`/api/products/${melati.productId}`, { method: 'DELETE', cookie: admin.cookie });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'sample_in_set', message: REFUSED } });
    expect(await componentsOf(set.variantId)).toEqual([melati.variantId, gaharu.variantId].sort());
    const kenanga = await productOf('Kenanga Uji', 2, 40_000, 4);
    expect(
      (
        await compose(admin, set.variantId, [
          { variant_id: kenanga.variantId, quantity: 1 },
          { variant_id: gaharu.variantId, quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    expect((await remove()).status).toBe(204);
    // The set itself goes with its product, whatever it holds.
    expect(
      (await call(`/api/products/${set.productId}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(204);
    expect(await componentsOf(set.variantId)).toEqual([]);
  });
});

const restock = (variantId: string, stock: number | null) =>
  env.DB.prepare('UPDATE product_variants SET stock = ? WHERE id = ?').bind(stock, variantId).run();

const mailsTo = async () =>
  (
    await env.DB.prepare(
      "SELECT to_address FROM email_outbox WHERE template = 'back-in-stock' ORDER BY to_address",
    ).all<{ to_address: string }>()
  ).results.map((row) => row.to_address);

describe("'Kabari Saya' for a discovery set", () => {
  it('takes an ask while its samples sell it out, and mails it once when a sample comes back', async () => {
    const { melati, gaharu, set } = await shop();
    await restock(gaharu.variantId, 0);
    const ask = () =>
      call(`/api/products/${set.productId}/notify`, {
        method: 'POST',
        json: { variantId: set.variantId, email: 'ani@contoh.id' },
        headers: { 'cf-connecting-ip': '198.51.100.61' },
      });
    expect((await ask()).status).toBe(201);
    // The other sample's restock leaves the set sold out: nothing is due.
    await restock(melati.variantId, 9);
    expect(await sendBackInStock(env)).toBe(0);
    // Gaharu back: the set can be bought again, its asker gets the one email.
    await restock(gaharu.variantId, 2);
    expect(await sendBackInStock(env)).toBe(1);
    expect(await sendBackInStock(env)).toBe(0);
    expect(await mailsTo()).toEqual(['ani@contoh.id']);
    // While the set can be bought, an ask is refused as for any size in stock.
    expect((await ask()).status).toBe(422);
  });

  it('mails its asker when the admin recomposes it of samples in stock, no stock changing', async () => {
    const { admin, melati, gaharu, set } = await shop();
    await restock(gaharu.variantId, 0);
    const asked = await call(`/api/products/${set.productId}/notify`, {
      method: 'POST',
      json: { variantId: set.variantId, email: 'citra@contoh.id' },
      headers: { 'cf-connecting-ip': '198.51.100.63' },
    });
    expect(asked.status).toBe(201);
    // Recomposed and still sold out by Gaharu: nothing is due.
    const twoGaharu = [
      { variant_id: melati.variantId, quantity: 1 },
      { variant_id: gaharu.variantId, quantity: 2 },
    ];
    expect((await compose(admin, set.variantId, twoGaharu)).status).toBe(200);
    expect(await sendBackInStock(env)).toBe(0);
    // Gaharu replaced by a sample in stock: the set can be bought, its asker gets the one email.
    const cendana = await productOf('Cendana Uji', 2, 40_000, 4);
    const inStock = [
      { variant_id: melati.variantId, quantity: 1 },
      { variant_id: cendana.variantId, quantity: 1 },
    ];
    expect((await compose(admin, set.variantId, inStock)).status).toBe(200);
    expect(await sendBackInStock(env)).toBe(1);
    expect(await sendBackInStock(env)).toBe(0);
    expect(await mailsTo()).toEqual(['citra@contoh.id']);
  });

  it("waits for the next restock when the set sold out again before the Cron's run", async () => {
    const { gaharu, set } = await shop();
    await restock(gaharu.variantId, 0);
    const asked = await call(`/api/products/${set.productId}/notify`, {
      method: 'POST',
      json: { variantId: set.variantId, email: 'budi@contoh.id' },
      headers: { 'cf-connecting-ip': '198.51.100.62' },
    });
    expect(asked.status).toBe(201);
    await restock(gaharu.variantId, 1);
    await restock(gaharu.variantId, 0);
    expect(await sendBackInStock(env)).toBe(0);
    await restock(gaharu.variantId, 4);
    expect(await sendBackInStock(env)).toBe(1);
    expect(await mailsTo()).toEqual(['budi@contoh.id']);
  });
});
