import { createExecutionContext, env } from 'cloudflare:test';
import type {
  AdminReview,
  CollectionDetail,
  OrderStatus,
  OwnReview,
  Product,
  ReviewInput,
  ReviewPage,
  SeekPage,
  Testimonial,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  callInBackground,
  countRows,
  createUser,
  shopRequest,
  type TestUser,
} from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { cart, insertProducts, orderRows, placeOrder, type TestProduct } from '../../test/order-fixtures.ts';
import { racingDb } from '../../test/racing-db.ts';
import worker from '../index.ts';
import { CACHE_STATUS_HEADER } from '../middleware/edge-cache.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const REVIEW: ReviewInput = {
  rating: 5,
  body: 'Wanginya lembut dan tahan seharian di kantor.',
  wearTest: { hours: 8, projection: 'sedang', occasions: ['kantor', 'sehari-hari'], heat: true },
};

/** An order of `product` by `user` in `status`, written straight into D1. */
async function orderIn(user: TestUser, product: TestProduct, status: OrderStatus): Promise<string> {
  const { id, statements } = orderRows(user, [product], status);
  await env.DB.batch(statements);
  return id;
}

/** A customer whose order of `product` was delivered. */
async function buyer(product: TestProduct, name = 'Siti Aminah Putri'): Promise<TestUser> {
  const user = await createUser('customer', name);
  await orderIn(user, product, 'delivered');
  return user;
}

const postReview = (cookie: string | undefined, productId: string, json: unknown = REVIEW) =>
  call(`/api/products/${productId}/reviews`, { method: 'POST', json, ...(cookie ? { cookie } : {}) });

const putReview = (cookie: string, id: string, json: unknown) =>
  call(`/api/reviews/${id}`, { method: 'PUT', json, cookie });

async function written(cookie: string, productId: string, json: unknown = REVIEW): Promise<OwnReview> {
  const res = await postReview(cookie, productId, json);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OwnReview>();
}

const publish = (admin: TestUser, id: string) =>
  call(`/api/admin/reviews/${id}/publish`, { method: 'POST', cookie: admin.cookie });

const hide = (admin: TestUser, id: string, reason = 'Berisi nomor telepon') =>
  call(`/api/admin/reviews/${id}/hide`, { method: 'POST', cookie: admin.cookie, json: { reason } });

const shopperPage = async (productId: string, query = '') => {
  const res = await call(`/api/products/${productId}/reviews${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ReviewPage>();
};

const adminPage = async (admin: TestUser, query: string) => {
  const res = await call(`/api/admin/reviews${query}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.json<SeekPage<AdminReview>>();
};

function photoForm(bytes: Uint8Array = imageFixtures.png.bytes, type = 'image/png'): FormData {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], 'foto', { type }));
  return body;
}

const uploadPhoto = (cookie: string, body: BodyInit = photoForm()) =>
  call('/api/reviews/photos', { method: 'POST', body, cookie });

describe('who may review', () => {
  it('only a customer with a delivered order of the product: pending, shipped, cancelled, other products and other customers do not count', async () => {
    const [product, other] = (await insertProducts([250_000, 180_000])) as [TestProduct, TestProduct];
    const customer = await createUser('customer');
    const refuse = async (why: string) => {
      const res = await postReview(customer.cookie, product.id);
      expect(res.status, why).toBe(403);
      const body = await res.json<ErrorBody>();
      expect(body.error.code, why).toBe('review_not_allowed');
      expect(body.error.message, why).toBe(
        'Ulasan hanya untuk pembeli yang pesanannya berisi produk ini sudah diterima.',
      );
      expect(await countRows('reviews'), why).toBe(0);
    };
    await refuse('no order');
    // An order placed through checkout waits for payment.
    await placeOrder(customer.cookie, cart([product]));
    await refuse('pending');
    await orderIn(customer, product, 'processing');
    await orderIn(customer, product, 'shipped');
    await orderIn(customer, product, 'cancelled');
    await refuse('processing, shipped, cancelled');
    await orderIn(customer, other, 'delivered');
    await refuse('another product delivered');
    await buyer(product);
    await refuse("another customer's delivered order");
    const mine = await call(`/api/products/${product.id}/reviews/mine`, { cookie: customer.cookie });
    expect(await mine.json()).toEqual({ eligible: false, review: null });

    await orderIn(customer, product, 'delivered');
    const review = await written(customer.cookie, product.id);
    expect(review).toMatchObject({
      productId: product.id,
      author: 'Pengguna U.',
      rating: 5,
      status: 'pending',
      hiddenReason: null,
      publishedAt: null,
      wearTest: REVIEW.wearTest,
      photos: [],
      reply: null,
      helpfulCount: 0,
    });
    const after = await call(`/api/products/${product.id}/reviews/mine`, { cookie: customer.cookie });
    expect(await after.json()).toEqual({ eligible: true, review });
  });

  it('a guest gets 401, an unknown product 404', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const res = await postReview(undefined, product.id);
    expect(res.status).toBe(401);
    const customer = await buyer(product);
    const missing = await postReview(customer.cookie, 'tidak-ada');
    expect(missing.status).toBe(404);
    expect((await missing.json<ErrorBody>()).error.message).toBe('Produk tidak ditemukan.');
    expect((await call('/api/products/tidak-ada/reviews')).status).toBe(404);
  });

  it('one review per product per customer: a second is 409 review_exists, and of two racing POSTs exactly one is 201', async () => {
    const [product, second] = (await insertProducts([250_000, 90_000])) as [TestProduct, TestProduct];
    const customer = await buyer(product);
    await written(customer.cookie, product.id);
    const again = await postReview(customer.cookie, product.id, { ...REVIEW, rating: 1 });
    expect(again.status).toBe(409);
    const body = await again.json<ErrorBody>();
    expect(body.error.code).toBe('review_exists');
    expect(body.error.message).toBe('Anda sudah mengulas produk ini. Ubah ulasan Anda bila perlu.');

    await orderIn(customer, second, 'delivered');
    // Both requests pass the checks before either writes: the unique index decides.
    const race = racingDb(2, /^select "id" from "products" where/);
    const racingPost = (rating: number) =>
      worker.fetch(
        shopRequest(`/api/products/${second.id}/reviews`, {
          method: 'POST',
          cookie: customer.cookie,
          json: { ...REVIEW, rating },
        }),
        { ...env, DB: race.db },
        createExecutionContext(),
      );
    const racing = await Promise.all([racingPost(5), racingPost(2)]);
    expect(racing.map((res) => res.status).sort()).toEqual([201, 409]);
    const conflict = racing.find((res) => res.status === 409) as Response;
    expect((await conflict.json<ErrorBody>()).error.code).toBe('review_exists');
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE product_id = ?')
      .bind(second.id)
      .first<number>('n');
    expect(rows).toBe(1);
  });
});

describe('editing', () => {
  it('only the author edits; an edit goes back to moderation and a published one leaves the shoppers at once', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const [author, stranger, admin] = [await buyer(product), await buyer(product), await createUser('admin')];
    const review = await written(author.cookie, product.id);
    expect((await publish(admin, review.id)).status).toBe(200);
    expect((await shopperPage(product.id)).summary.count).toBe(1);

    const change = { ...REVIEW, rating: 2, body: 'Ternyata cepat hilang saat panas.', wearTest: null };
    const foreign = await putReview(stranger.cookie, review.id, change);
    expect(foreign.status).toBe(404);
    expect((await foreign.json<ErrorBody>()).error.message).toBe('Ulasan tidak ditemukan');
    const asAdmin = await putReview(admin.cookie, review.id, change);
    expect(asAdmin.status).toBe(404);
    expect((await shopperPage(product.id)).items[0]?.rating).toBe(5);

    const res = await putReview(author.cookie, review.id, change);
    expect(res.status).toBe(200);
    expect(await res.json<OwnReview>()).toMatchObject({
      rating: 2,
      body: 'Ternyata cepat hilang saat panas.',
      wearTest: null,
      status: 'pending',
      publishedAt: null,
    });
    const page = await shopperPage(product.id);
    expect(page.items).toEqual([]);
    expect(page.summary).toMatchObject({ count: 0, average: null, distribution: [0, 0, 0, 0, 0] });
    expect((await adminPage(admin, '?status=pending')).items.map((r) => r.id)).toEqual([review.id]);
  });
});

describe('moderation', { timeout: 60_000 }, () => {
  it('pending → published → hidden with a reason, a public reply, and the lists and totals of each status', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const admin = await createUser('admin');
    const customer = await buyer(product, 'Budi Santoso');
    const review = await written(customer.cookie, product.id);
    expect((await shopperPage(product.id)).items).toEqual([]);

    const pending = await adminPage(admin, '');
    expect(pending).toMatchObject({ total: 1, previousCursor: null, nextCursor: null });
    expect(pending.items[0]).toMatchObject({
      id: review.id,
      status: 'pending',
      productName: product.name,
      customerName: 'Budi Santoso',
      customerEmail: customer.email,
    });

    const published = await publish(admin, review.id);
    expect(published.status).toBe(200);
    const publishedReview = await published.json<AdminReview>();
    expect(publishedReview.status).toBe('published');
    expect(publishedReview.publishedAt).not.toBeNull();
    const shown = await shopperPage(product.id);
    expect(shown.items).toHaveLength(1);
    expect(shown.items[0]).toMatchObject({ id: review.id, author: 'Budi S.', rating: 5 });
    // Shoppers never see moderation's fields.
    expect(shown.items[0]).not.toHaveProperty('status');
    expect(shown.items[0]).not.toHaveProperty('hiddenReason');
    expect((await adminPage(admin, '?status=published')).total).toBe(1);
    expect((await adminPage(admin, '?status=pending')).total).toBe(0);
    // Publishing again keeps its date (its place among the newest).
    const again = await (await publish(admin, review.id)).json<AdminReview>();
    expect(again.publishedAt).toBe(publishedReview.publishedAt);

    const replied = await call(`/api/admin/reviews/${review.id}/reply`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { reply: 'Terima kasih, Kak Budi!' },
    });
    expect(replied.status).toBe(200);
    expect((await shopperPage(product.id)).items[0]?.reply).toMatchObject({
      text: 'Terima kasih, Kak Budi!',
    });

    const hidden = await hide(admin, review.id);
    expect(hidden.status).toBe(200);
    expect(await hidden.json<AdminReview>()).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Berisi nomor telepon',
      publishedAt: null,
    });
    expect((await shopperPage(product.id)).items).toEqual([]);
    const mine = await call(`/api/products/${product.id}/reviews/mine`, { cookie: customer.cookie });
    expect((await mine.json<{ review: OwnReview }>()).review).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Berisi nomor telepon',
    });
    expect((await adminPage(admin, '?status=hidden')).total).toBe(1);
    expect((await adminPage(admin, '?status=published')).total).toBe(0);

    const removed = await call(`/api/admin/reviews/${review.id}/reply`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { reply: null },
    });
    expect((await removed.json<AdminReview>()).reply).toBeNull();
    for (const path of ['publish', 'hide']) {
      const res = await call(`/api/admin/reviews/tidak-ada/${path}`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { reason: 'x' },
      });
      expect(res.status, path).toBe(404);
    }
  });

  it("the admin's list pages by cursor both ways", async () => {
    const products = await insertProducts(Array.from({ length: 12 }, () => 100_000));
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    for (const product of products) {
      await orderIn(customer, product, 'delivered');
      await written(customer.cookie, product.id);
    }
    const first = await adminPage(admin, '?pageSize=10');
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.nextCursor).not.toBeNull();
    const second = await adminPage(
      admin,
      `?pageSize=10&page=2&after=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const byOffset = await adminPage(admin, '?pageSize=10&page=2');
    expect(byOffset.items.map((r) => r.id)).toEqual(second.items.map((r) => r.id));
    const back = await adminPage(
      admin,
      `?pageSize=10&before=${encodeURIComponent(second.previousCursor ?? '')}`,
    );
    expect(back.items.map((r) => r.id)).toEqual(first.items.map((r) => r.id));
    const ids = new Set([...first.items, ...second.items].map((r) => r.id));
    expect(ids.size).toBe(12);
  });
});

describe("the product's figures", () => {
  it('average, distribution and wear-test summary follow publish, hide and edit', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const admin = await createUser('admin');
    const [a, b, c] = [await buyer(product), await buyer(product), await buyer(product)];
    const ra = await written(a.cookie, product.id);
    const rb = await written(b.cookie, product.id, {
      rating: 4,
      body: 'Manis di awal, lalu kayu.',
      wearTest: { hours: 5, projection: 'kuat', occasions: ['malam', 'acara'], heat: false },
    });
    const rc = await written(c.cookie, product.id, { rating: 3, body: 'Biasa saja untuk harganya.' });
    // Pending reviews count for nothing.
    expect((await shopperPage(product.id)).summary.count).toBe(0);
    for (const id of [ra.id, rb.id, rc.id]) await publish(admin, id);

    const all = await shopperPage(product.id);
    expect(all.total).toBe(3);
    expect(all.summary).toEqual({
      count: 3,
      average: 4,
      distribution: [0, 0, 1, 1, 1],
      wearTest: {
        count: 2,
        averageHours: 6.5,
        projection: { dekat: 0, sedang: 1, kuat: 1 },
        occasions: { kantor: 1, malam: 1, acara: 1, 'sehari-hari': 1 },
        heat: 1,
      },
    });

    await hide(admin, rc.id);
    const hidden = await shopperPage(product.id);
    expect(hidden.summary).toMatchObject({ count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] });
    expect(hidden.summary.wearTest.count).toBe(2);

    // The edit leaves the figures until the admin publishes it again, then counts its new values.
    await putReview(b.cookie, rb.id, {
      rating: 1,
      body: 'Hilang dalam sejam di Surabaya.',
      wearTest: { hours: 1, projection: 'dekat', occasions: [], heat: true },
    });
    expect((await shopperPage(product.id)).summary).toMatchObject({
      count: 1,
      average: 5,
      distribution: [0, 0, 0, 0, 1],
    });
    await publish(admin, rb.id);
    expect((await shopperPage(product.id)).summary).toEqual({
      count: 2,
      average: 3,
      distribution: [1, 0, 0, 0, 1],
      wearTest: {
        count: 2,
        averageHours: 4.5,
        projection: { dekat: 1, sedang: 1, kuat: 0 },
        occasions: { kantor: 1, malam: 0, acara: 0, 'sehari-hari': 1 },
        heat: 2,
      },
    });
    // The kept figures are what the published rows add up to.
    const counted = await env.DB.prepare(
      "SELECT count(*) AS n, sum(rating) AS total FROM reviews WHERE product_id = ? AND status = 'published'",
    )
      .bind(product.id)
      .first<{ n: number; total: number }>();
    const kept = await env.DB.prepare(
      'SELECT review_count AS n, rating_total AS total FROM product_review_stats WHERE product_id = ?',
    )
      .bind(product.id)
      .first();
    expect(kept).toEqual(counted);
  });
});

describe("the shoppers' list", { timeout: 60_000 }, () => {
  it('pages the newest and the most helpful by offset and by cursor, without overlap', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const admin = await createUser('admin');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const review = await written((await buyer(product)).cookie, product.id, {
        ...REVIEW,
        rating: 1 + (i % 5),
      });
      await publish(admin, review.id);
      ids.push(review.id);
    }
    const first = await shopperPage(product.id, '?pageSize=10');
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    // The newest published first.
    expect(first.items[0]?.id).toBe(ids[11]);
    const second = await shopperPage(
      product.id,
      `?pageSize=10&page=2&after=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await shopperPage(product.id, '?pageSize=10&page=2')).items).toEqual(second.items);
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(12);

    // Votes: ids[3] gets two, ids[7] one; the rest none. None of them empties guests' edge cache.
    const voters = [await createUser('customer'), await createUser('customer')];
    const token = () => env.DB.prepare('SELECT token FROM cache_version WHERE id = 1').first<string>('token');
    const tokenBefore = await token();
    for (const voter of voters) {
      const res = await call(`/api/reviews/${ids[3]}/helpful`, { method: 'POST', cookie: voter.cookie });
      expect(res.status).toBe(200);
    }
    const twice = await call(`/api/reviews/${ids[7]}/helpful`, { method: 'POST', cookie: voters[0]?.cookie });
    expect(await twice.json()).toEqual({ helpfulCount: 1 });
    const again = await call(`/api/reviews/${ids[7]}/helpful`, { method: 'POST', cookie: voters[0]?.cookie });
    expect(await again.json()).toEqual({ helpfulCount: 1 });
    expect(await token()).toBe(tokenBefore);
    const helpful = await shopperPage(product.id, '?sort=helpful&pageSize=10');
    expect(helpful.items.slice(0, 2).map((r) => [r.id, r.helpfulCount])).toEqual([
      [ids[3], 2],
      [ids[7], 1],
    ]);
    expect(helpful.nextCursor).toMatch(/^0~/);
    const rest = await shopperPage(
      product.id,
      `?sort=helpful&pageSize=10&after=${encodeURIComponent(helpful.nextCursor ?? '')}`,
    );
    expect(rest.items).toHaveLength(2);
    expect(new Set([...helpful.items, ...rest.items].map((r) => r.id)).size).toBe(12);
  });

  it('a vote: not on your own review, not on one unpublished', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const author = await buyer(product);
    const review = await written(author.cookie, product.id);
    const voter = await createUser('customer');
    expect(
      (await call(`/api/reviews/${review.id}/helpful`, { method: 'POST', cookie: voter.cookie })).status,
    ).toBe(404);
    await publish(await createUser('admin'), review.id);
    const own = await call(`/api/reviews/${review.id}/helpful`, { method: 'POST', cookie: author.cookie });
    expect(own.status).toBe(403);
    expect((await own.json<ErrorBody>()).error.code).toBe('review_own');
    expect(await countRows('review_votes')).toBe(0);
  });

  it("a guest's answer comes from the edge cache until a review is published, hidden or edited", async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const admin = await createUser('admin');
    const customer = await buyer(product);
    const review = await written(customer.cookie, product.id);
    const guest = async () => {
      const { res, settled } = await callInBackground(`/api/products/${product.id}/reviews`);
      await settled;
      return { status: res.headers.get(CACHE_STATUS_HEADER), body: await res.json<ReviewPage>() };
    };
    expect((await guest()).status).toBe('miss');
    expect((await guest()).status).toBe('hit');
    // A pending review changes nothing a guest sees: the cache stays.
    await postReview((await buyer(product)).cookie, product.id);
    expect((await guest()).status).toBe('hit');

    await publish(admin, review.id);
    const published = await guest();
    expect(published.status).toBe('miss');
    expect(published.body.summary.count).toBe(1);
    expect((await guest()).status).toBe('hit');

    await putReview(customer.cookie, review.id, { ...REVIEW, rating: 3 });
    const edited = await guest();
    expect(edited.status).toBe('miss');
    expect(edited.body.items).toEqual([]);

    await publish(admin, review.id);
    await guest();
    await hide(admin, review.id);
    const hidden = await guest();
    expect(hidden.status).toBe('miss');
    expect(hidden.body.summary.count).toBe(0);
  });
});

describe("the home's testimonials (GET /api/reviews/best)", { timeout: 60_000 }, () => {
  it("are the published reviews of a card's length with the most stars, the newest among equals, by first name; the home moves with them", async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const admin = await createUser('admin');
    const review = async (
      product: TestProduct,
      name: string,
      rating: number,
      body: string,
      publishedAt: string | null,
    ) => {
      const { id } = await written((await buyer(product, name)).cookie, product.id, {
        ...REVIEW,
        rating,
        body,
      });
      if (publishedAt) {
        expect((await publish(admin, id)).status).toBe(200);
        await env.DB.prepare('UPDATE reviews SET published_at = ? WHERE id = ?').bind(publishedAt, id).run();
      }
      return id;
    };
    const text = (words: string) => `${words} Wanginya lembut dan tahan seharian di kantor.`;
    const older = await review(
      melati,
      'Siti Aminah Putri',
      5,
      text('Suka sekali.'),
      '2026-11-01T08:00:00.000Z',
    );
    const newer = await review(gaharu, 'Budi Santoso', 5, text('Mantap.'), '2026-11-03T08:00:00.000Z');
    await review(melati, 'Ani', 5, 'Wangi, suka sekali dengan aromanya!', '2026-11-04T08:00:00.000Z');
    await review(melati, 'Citra Dewi', 5, text('Panjang. '.repeat(30)), '2026-11-04T08:00:00.000Z');
    await review(gaharu, 'Dedi', 5, text('Belum diperiksa.'), null);
    const four = await review(melati, 'Eka Putra', 4, text('Bagus.'), '2026-11-05T08:00:00.000Z');
    const three = await review(gaharu, 'Fajar', 3, text('Lumayan.'), '2026-11-06T08:00:00.000Z');

    const best = async () => {
      const res = await call('/api/reviews/best');
      expect(res.status).toBe(200);
      return (await res.json<{ items: Testimonial[] }>()).items;
    };
    const items = await best();
    expect(items.map((item) => item.id)).toEqual([newer, older, four]);
    expect(items[0]).toEqual({
      id: newer,
      productId: gaharu.id,
      productName: gaharu.name,
      author: 'Budi',
      rating: 5,
      body: text('Mantap.'),
    });
    expect(items[1]).toMatchObject({ author: 'Siti', productId: melati.id, productName: melati.name });

    // The home is served with them, from the edge cache until one is hidden or published.
    const home = async () => {
      const { res, settled } = await callInBackground('/');
      await settled;
      return { status: res.headers.get(CACHE_STATUS_HEADER), html: await res.text() };
    };
    const first = await home();
    expect(first.html).toContain(text('Mantap.'));
    expect(first.html).not.toContain('Santoso');
    expect((await home()).status).toBe('hit');
    expect((await hide(admin, newer)).status).toBe(200);
    const hidden = await home();
    expect(hidden.status).toBe('miss');
    expect(hidden.html).not.toContain(text('Mantap.'));
    expect(hidden.html).toContain(text('Lumayan.'));
    expect((await best()).map((item) => item.id)).toEqual([older, four, three]);
    expect((await home()).status).toBe('hit');
    expect((await publish(admin, newer)).status).toBe(200);
    const again = await home();
    expect(again.status).toBe('miss');
    expect(again.html).toContain(text('Mantap.'));
  });
});

describe('the cards (issue 41: cards show the stars)', { timeout: 60_000 }, () => {
  it("every list of cards carries a product's rating once a review is published, none before, and a guest's cached list moves with it", async () => {
    const [product, other] = (await insertProducts([250_000, 180_000])) as [TestProduct, TestProduct];
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('k1', 'segar', 'Segar')"),
      env.DB.prepare(
        "INSERT INTO collection_products (collection_id, product_id, position) VALUES ('k1', ?, 0), ('k1', ?, 1)",
      ).bind(product.id, other.id),
    ]);
    const admin = await createUser('admin');
    const lists = ['/api/products', '/api/products?sort=price-asc', '/api/products?q=parfum%20uji'];
    const guest = async (path: string) => {
      const { res, settled } = await callInBackground(path);
      await settled;
      expect(res.status, path).toBe(200);
      return { status: res.headers.get(CACHE_STATUS_HEADER), body: await res.json<{ items: Product[] }>() };
    };
    const ratings = async () => {
      const answers = await Promise.all(lists.map(guest));
      const collection = (await call('/api/collections/segar')).json<CollectionDetail>();
      const cards = [...answers.map(({ body }) => body.items), (await collection).products];
      return {
        statuses: answers.map(({ status }) => status),
        cards: cards.map((items) =>
          Object.fromEntries(
            items.map(({ id, rating }) => [id === product.id ? 'product' : 'other', rating]),
          ),
        ),
      };
    };
    const before = await ratings();
    expect(before.cards).toEqual(Array(4).fill({ product: null, other: null }));
    expect((await ratings()).statuses).toEqual(['hit', 'hit', 'hit']);

    // Three published (5, 4, 4: 4.33 shown as 4.3, as the product page's summary) and one pending.
    const ids = [];
    for (const rating of [5, 4, 4, 1]) {
      ids.push((await written((await buyer(product)).cookie, product.id, { ...REVIEW, rating })).id);
    }
    for (const id of ids.slice(0, 3)) await publish(admin, id as string);
    const after = await ratings();
    expect(after.statuses).toEqual(['miss', 'miss', 'miss']);
    expect(after.cards).toEqual(Array(4).fill({ product: { average: 4.3, count: 3 }, other: null }));
    expect((await shopperPage(product.id)).summary).toMatchObject({ average: 4.3, count: 3 });
    const one = await call(`/api/products/${product.id}`);
    expect((await one.json<Product>()).rating).toEqual({ average: 4.3, count: 3 });

    await hide(admin, ids[0] as string);
    expect((await ratings()).cards[0]).toEqual({ product: { average: 4, count: 2 }, other: null });
  });
});

describe('photos', () => {
  it('a buyer uploads up to the limit ahead of a review, and a review takes only their own, at most three', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const stranger = await createUser('customer');
    const refused = await uploadPhoto(stranger.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json<ErrorBody>()).error.code).toBe('review_not_allowed');

    const customer = await buyer(product);
    const other = await buyer(product);
    const keys: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await uploadPhoto(customer.cookie);
      expect(res.status).toBe(201);
      keys.push((await res.json<{ key: string }>()).key);
    }
    const seventh = await uploadPhoto(customer.cookie);
    expect(seventh.status).toBe(429);
    expect((await seventh.json<ErrorBody>()).error.code).toBe('too_many_photos');
    // The catalogue's rules: not an image, 415.
    const text = await uploadPhoto(
      other.cookie,
      photoForm(new TextEncoder().encode('<svg/>'), 'image/svg+xml'),
    );
    expect(text.status).toBe(415);
    const otherKey = (await (await uploadPhoto(other.cookie)).json<{ key: string }>()).key;

    const four = await postReview(customer.cookie, product.id, { ...REVIEW, photos: keys.slice(0, 4) });
    expect(four.status).toBe(400);
    expect((await four.json<ErrorBody>()).error.fields?.photos).toBe('Maksimal 3 foto');
    const foreign = await postReview(customer.cookie, product.id, { ...REVIEW, photos: [keys[0], otherKey] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json<ErrorBody>()).error.fields?.photos).toBe(
      'Foto ulasan tidak ditemukan. Unggah ulang fotonya.',
    );
    expect(await countRows('reviews')).toBe(0);

    const review = await written(customer.cookie, product.id, { ...REVIEW, photos: [keys[1], keys[0]] });
    expect(review.photos).toEqual([
      { url: `/images/${keys[1]}`, widths: [] },
      { url: `/images/${keys[0]}`, widths: [] },
    ]);
    expect((await call(review.photos[0]?.url ?? '')).status).toBe(200);

    // An edit keeps one, adds one; the photo left out is deleted with its file.
    const edited = await putReview(customer.cookie, review.id, { ...REVIEW, photos: [keys[0], keys[2]] });
    expect((await edited.json<OwnReview>()).photos.map((p) => p.url)).toEqual([
      `/images/${keys[0]}`,
      `/images/${keys[2]}`,
    ]);
    expect(await env.IMAGES.head(keys[1] as string)).toBeNull();
    expect(await env.IMAGES.head(keys[0] as string)).not.toBeNull();

    // A photo on one review is not another's, the same customer's included.
    const [second] = (await insertProducts([90_000])) as [TestProduct];
    await orderIn(customer, second, 'delivered');
    const taken = await postReview(customer.cookie, second.id, { ...REVIEW, photos: [keys[0]] });
    expect(taken.status).toBe(400);
    expect((await taken.json<ErrorBody>()).error.fields?.photos).toBe(
      'Foto ulasan tidak ditemukan. Unggah ulang fotonya.',
    );
  });
});

describe('bad input', () => {
  it('answers 400 with Indonesian messages and writes nothing', async () => {
    const [product] = (await insertProducts([250_000])) as [TestProduct];
    const customer = await buyer(product);
    const cases: [unknown, string, string][] = [
      [{ ...REVIEW, rating: 6 }, 'rating', 'Pilih 1 sampai 5 bintang'],
      [{ ...REVIEW, rating: 4.5 }, 'rating', 'Pilih 1 sampai 5 bintang'],
      [{ ...REVIEW, body: 'Bagus' }, 'body', 'Ulasan minimal 10 karakter'],
      [{ ...REVIEW, body: 'a'.repeat(2001) }, 'body', 'Ulasan maksimal 2.000 karakter'],
      [
        { ...REVIEW, body: 'Wangi\u0000 sekali di kantor' },
        'body',
        'Teks mengandung karakter yang tidak diizinkan',
      ],
      [
        { ...REVIEW, wearTest: { ...REVIEW.wearTest, projection: 'jauh' } },
        'wearTest.projection',
        'Proyeksi harus dekat, sedang atau kuat',
      ],
      [
        { ...REVIEW, wearTest: { ...REVIEW.wearTest, hours: 49 } },
        'wearTest.hours',
        'Lama bertahan maksimal 48 jam',
      ],
      [
        { ...REVIEW, wearTest: { ...REVIEW.wearTest, occasions: ['kantor', 'kantor'] } },
        'wearTest.occasions',
        'Acara dipilih lebih dari sekali',
      ],
      [{ ...REVIEW, photos: ['../rahasia.png'] }, 'photos.0', 'Foto ulasan tidak valid'],
    ];
    for (const [json, field, message] of cases) {
      const res = await postReview(customer.cookie, product.id, json);
      expect(res.status, field).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.[field], field).toBe(message);
    }
    expect(await countRows('reviews')).toBe(0);

    const admin = await createUser('admin');
    const review = await written(customer.cookie, product.id);
    const blank = await call(`/api/admin/reviews/${review.id}/hide`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect((await blank.json<ErrorBody>()).error.fields?.reason).toBe('Alasan tidak boleh kosong');
    for (const query of [
      '?sort=terbaik',
      '?after=5~x',
      '?sort=helpful&after=2026-03-01T10:00:00.000Z~x',
      '?pageSize=7',
    ]) {
      const res = await call(`/api/products/${product.id}/reviews${query}`);
      expect(res.status, query).toBe(400);
    }
    const status = await call('/api/admin/reviews?status=dihapus', { cookie: admin.cookie });
    expect((await status.json<ErrorBody>()).error.fields?.status).toBe(
      'Status harus pending, published atau hidden',
    );
  });
});
