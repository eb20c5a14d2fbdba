import { env } from 'cloudflare:test';
import { FAVORITES_LIMIT, type FavoriteItem, type FavoriteState, type Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

const add = (user: TestUser, productId: string) =>
  call(`/api/favorites/${productId}`, { method: 'PUT', cookie: user.cookie });
const remove = (user: TestUser, productId: string) =>
  call(`/api/favorites/${productId}`, { method: 'DELETE', cookie: user.cookie });
const merge = (user: TestUser, productIds: unknown) =>
  call('/api/favorites/merge', { method: 'POST', cookie: user.cookie, json: { productIds } });

async function list(user: TestUser, query = ''): Promise<Page<FavoriteItem>> {
  const res = await call(`/api/favorites${query}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Page<FavoriteItem>;
}

const rowsOf = async (user: TestUser) =>
  (
    await env.DB.prepare('SELECT count(*) AS n FROM favorites WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>()
  )?.n;

/** `n` favourites written straight into D1, the newest last. */
async function fill(user: TestUser, n: number): Promise<string[]> {
  const products = await insertProducts(Array.from({ length: n }, () => 100_000));
  const insert = env.DB.prepare('INSERT INTO favorites (user_id, product_id, added_at) VALUES (?, ?, ?)');
  await env.DB.batch(
    products.map((p, i) => insert.bind(user.id, p.id, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString())),
  );
  return products.map((p) => p.id);
}

describe('PUT and DELETE /api/favorites/:productId', () => {
  it('adds once and removes once, however often they are sent', async () => {
    const siti = await createUser('customer');
    const [product] = await insertProducts([250_000]);
    const id = product?.id as string;

    for (const _ of [1, 2]) {
      const res = await add(siti, id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ productId: id, favorite: true, total: 1 } satisfies FavoriteState);
    }
    expect(await rowsOf(siti)).toBe(1);

    for (const _ of [1, 2]) {
      const res = await remove(siti, id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ productId: id, favorite: false, total: 0 } satisfies FavoriteState);
    }
    expect(await rowsOf(siti)).toBe(0);
  });

  it('answers 404 for a product that does not exist, and keeps nothing', async () => {
    const siti = await createUser('customer');
    const res = await add(siti, 'tidak-ada');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Produk tidak ditemukan.');
    expect(await rowsOf(siti)).toBe(0);
  });

  it(`refuses the ${FAVORITES_LIMIT + 1}th with 409 favorites_full, but re-adding one already there is fine`, async () => {
    const siti = await createUser('customer');
    const ids = await fill(siti, FAVORITES_LIMIT);
    const [extra] = await insertProducts([100_000]);

    const res = await add(siti, extra?.id as string);
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('favorites_full');
    expect(body.error.message).toBe('Favorit sudah penuh (maksimal 200 produk). Hapus yang lain dulu.');
    expect(await rowsOf(siti)).toBe(FAVORITES_LIMIT);

    const again = await add(siti, ids[0] as string);
    expect(again.status).toBe(200);
    expect(((await again.json()) as FavoriteState).total).toBe(FAVORITES_LIMIT);
  });

  it('the trigger holds the limit whatever writes the row', async () => {
    const siti = await createUser('customer');
    await fill(siti, FAVORITES_LIMIT);
    const [extra] = await insertProducts([100_000]);
    await expect(
      env.DB.prepare('INSERT INTO favorites (user_id, product_id) VALUES (?, ?)')
        .bind(siti.id, extra?.id as string)
        .run(),
    ).rejects.toThrow('favorites_full');
  });
});

describe('GET /api/favorites', () => {
  it('answers the customer’s products newest first with their current prices and stock, paged', async () => {
    const siti = await createUser('customer');
    const ids = await fill(siti, 12);
    // The price and stock are read now, not when the product was added.
    await env.DB.prepare('UPDATE product_variants SET price = 199000, stock = 0 WHERE product_id = ?')
      .bind(ids[11] as string)
      .run();

    const first = await list(siti);
    expect(first.total).toBe(12);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(2).reverse());
    expect(first.items[0]).toMatchObject({
      id: ids[11],
      price: 199_000,
      added_at: '2026-01-01T00:00:11.000Z',
      variants: [expect.objectContaining({ size_ml: 50, price: 199_000, stock: 0 })],
    });

    const second = await list(siti, '?page=2&pageSize=10');
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(0, 2).reverse());
  });

  it('a deleted product leaves the list with it', async () => {
    const siti = await createUser('customer');
    const [gone, kept] = await fill(siti, 2);
    await env.DB.prepare('DELETE FROM products WHERE id = ?')
      .bind(gone as string)
      .run();
    const page = await list(siti);
    expect(page.items.map((item) => item.id)).toEqual([kept]);
    expect(page.total).toBe(1);
  });

  it('never shows or changes another customer’s list', async () => {
    const siti = await createUser('customer');
    const budi = await createUser('customer');
    const [sitis] = await fill(siti, 1);
    expect(await list(budi)).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    // Budi's removal of Siti's product removes nothing of hers.
    expect((await remove(budi, sitis as string)).status).toBe(200);
    expect((await list(siti)).items.map((item) => item.id)).toEqual([sitis]);
  });

  it('guests get 401 on every favourites route, as on the other customer routes', async () => {
    const [product] = await insertProducts([100_000]);
    const id = product?.id as string;
    const answers = await Promise.all([
      call('/api/favorites'),
      call(`/api/favorites/${id}`, { method: 'PUT' }),
      call(`/api/favorites/${id}`, { method: 'DELETE' }),
      call('/api/favorites/merge', { method: 'POST', json: { productIds: [id] } }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([401, 401, 401, 401]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM favorites WHERE product_id = ?').bind(id).first())?.n,
    ).toBe(0);
  });
});

describe('POST /api/favorites/merge', () => {
  it('adds the guest’s products once: duplicates, unknown ids and ones already there are ignored', async () => {
    const siti = await createUser('customer');
    const [a, b, c] = (await insertProducts([100_000, 200_000, 300_000])).map((p) => p.id);
    expect((await add(siti, a as string)).status).toBe(200);

    const res = await merge(siti, [b, 'tidak-ada', a, b, c]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2, total: 3 });

    const again = await merge(siti, [b, 'tidak-ada', a, b, c]);
    expect(await again.json()).toEqual({ added: 0, total: 3 });
    expect((await list(siti)).items.map((item) => item.id).sort()).toEqual([a, b, c].sort());
  });

  it('adds only as many as fit, in the guest’s order, and never fails on the limit', async () => {
    const siti = await createUser('customer');
    await fill(siti, FAVORITES_LIMIT - 2);
    const guest = (await insertProducts([1, 2, 3, 4])).map((p) => p.id);

    const res = await merge(siti, guest);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2, total: FAVORITES_LIMIT });
    const kept = await env.DB.prepare(
      `SELECT product_id FROM favorites WHERE user_id = ? AND product_id IN (${guest.map(() => '?').join(', ')})`,
    )
      .bind(siti.id, ...guest)
      .all<{ product_id: string }>();
    expect(kept.results.map((row) => row.product_id).sort()).toEqual(guest.slice(0, 2).sort());

    const full = await merge(siti, guest);
    expect(await full.json()).toEqual({ added: 0, total: FAVORITES_LIMIT });
  });

  it(`refuses a list longer than ${FAVORITES_LIMIT} ids, or one that is not a list, with 400 and no change`, async () => {
    const siti = await createUser('customer');
    const [product] = await insertProducts([100_000]);
    const tooLong = Array.from({ length: FAVORITES_LIMIT + 1 }, () => product?.id as string);
    const res = await merge(siti, tooLong);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(`Maksimal ${FAVORITES_LIMIT} produk favorit`);
    expect((await merge(siti, 'abc')).status).toBe(400);
    expect(await rowsOf(siti)).toBe(0);
  });
});
