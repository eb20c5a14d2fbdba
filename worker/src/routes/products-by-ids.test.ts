import { env } from 'cloudflare:test';
import type { Product } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const read = (ids: string) => call(`/api/products/by-ids?ids=${encodeURIComponent(ids)}`);

describe("GET /api/products/by-ids (a guest's 'Favorit' page)", () => {
  it('answers the products that exist in the order asked, each once, with their current sizes, prices and stock', async () => {
    const [a, b] = await insertProducts([150_000, 275_000], 3);
    await env.DB.prepare('UPDATE product_variants SET price = 199000, stock = 0 WHERE id = ?')
      .bind(b?.variantId)
      .run();
    const res = await read(`${b?.id},missing-product,${a?.id},${b?.id}`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Product[] };
    expect(items.map((p) => p.id)).toEqual([b?.id, a?.id]);
    expect(items[0]?.variants).toMatchObject([{ id: b?.variantId, price: 199_000, stock: 0 }]);
    expect(items[1]?.variants).toMatchObject([{ id: a?.variantId, price: 150_000, stock: 3 }]);
  });

  it('refuses an empty list and more than 50 ids at once, in Indonesian', async () => {
    const empty = await call('/api/products/by-ids?ids=');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error.fields?.ids).toBe('Daftar produk harus diisi');
    const many = await read(Array.from({ length: 51 }, (_, i) => `p-${i}`).join(','));
    expect(many.status).toBe(400);
    expect(((await many.json()) as ErrorBody).error.fields?.ids).toBe('Maksimal 50 produk sekaligus');
    expect((await read(Array.from({ length: 50 }, (_, i) => `p-${i}`).join(','))).status).toBe(200);
  });
});
