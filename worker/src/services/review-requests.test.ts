import { env } from 'cloudflare:test';
import type { OwnReview } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { call, countRows, createUser, type TestUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { insertProducts, orderRows, type TestProduct } from '../../test/order-fixtures.ts';
import { signReviewLinkToken } from '../auth/tokens.ts';
import { sendReviewRequests } from './review-requests.ts';

type ErrorBody = { error: { code: string; message: string } };
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-29T03:00:00.000Z');
const shop = { DB: env.DB, PUBLIC_ORIGIN: 'https://shop.test', JWT_SECRET: env.JWT_SECRET };
const REVIEW = { rating: 5, body: 'Harum lembut dan tahan sampai sore.', wearTest: null };

/** A delivered order of `products` by `user`, delivered `daysAgo` before NOW, written straight into D1. */
async function deliveredOrder(user: TestUser, products: TestProduct[], daysAgo: number): Promise<string> {
  const { id, statements } = orderRows(user, products, 'delivered');
  await env.DB.batch([
    ...statements,
    env.DB.prepare(
      "INSERT INTO order_events (id, order_id, type, status, actor, created_at) VALUES (?, ?, 'delivered', 'delivered', 'system', ?)",
    ).bind(crypto.randomUUID(), id, new Date(NOW - daysAgo * DAY).toISOString()),
  ]);
  return id;
}

async function requestMails(to?: string) {
  const { results } = await env.DB.prepare(
    "SELECT to_address, subject, body, unsubscribe_url FROM email_outbox WHERE template = 'review-request' AND (?1 IS NULL OR to_address = ?1)",
  )
    .bind(to ?? null)
    .all<{ to_address: string; subject: string; body: string; unsubscribe_url: string | null }>();
  return results;
}

/** The product's review link in a mail's text. */
const linkIn = (body: string, productId: string) =>
  new RegExp(`https://shop\\.test/product/${productId}\\?ulas=([\\w.-]+)`).exec(body)?.[1];

describe('the review request email', () => {
  it('goes once per delivered order three days on, with a link per product not yet reviewed and the unsubscribe link', async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const buyer = await createUser('customer', 'Siti Aminah');
    const early = await createUser('customer');
    const late = await createUser('customer');
    await deliveredOrder(buyer, [melati, gaharu], 3.5);
    await deliveredOrder(early, [melati], 1);
    await deliveredOrder(late, [melati], 20);
    // Two overlapping runs read the same order: one mail; a later run sends nothing more.
    await Promise.all([sendReviewRequests(shop, NOW), sendReviewRequests(shop, NOW)]);
    await sendReviewRequests(shop, NOW + DAY);
    const mails = await requestMails(buyer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [(typeof mails)[number]];
    expect(mail.body).toContain('Ulas');
    expect(linkIn(mail.body, melati.id)).toBeTruthy();
    expect(linkIn(mail.body, gaharu.id)).toBeTruthy();
    expect(mail.unsubscribe_url).toMatch(/^https:\/\/shop\.test\/api\/marketing\/unsubscribe\?token=/);
    // Delivered a day ago: not yet; twenty days ago: too late for a mail about it.
    expect(await requestMails(early.email)).toEqual([]);
    expect(await requestMails(late.email)).toEqual([]);
    // The early one's turn comes.
    await sendReviewRequests(shop, NOW + 3 * DAY);
    expect(await requestMails(early.email)).toHaveLength(1);
  });

  it('respects the marketing unsubscribe and leaves out what was reviewed already', async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const unsubscribed = await createUser('customer');
    const reviewer = await createUser('customer');
    await env.DB.prepare('INSERT INTO marketing_suppressions (email) VALUES (?)')
      .bind(unsubscribed.email)
      .run();
    await deliveredOrder(unsubscribed, [melati], 4);
    await deliveredOrder(reviewer, [melati, gaharu], 4);
    const res = await call(`/api/products/${melati.id}/reviews`, {
      method: 'POST',
      json: { ...REVIEW, photos: [] },
      cookie: reviewer.cookie,
    });
    expect(res.status).toBe(201);
    await sendReviewRequests(shop, NOW);
    expect(await requestMails(unsubscribed.email)).toEqual([]);
    const [mail] = await requestMails(reviewer.email);
    expect(linkIn(mail?.body ?? '', gaharu.id)).toBeTruthy();
    expect(linkIn(mail?.body ?? '', melati.id)).toBeUndefined();
    // Each order is done, however it ended: no later run reads it again.
    const { results } = await env.DB.prepare(
      'SELECT outcome FROM review_requests r JOIN orders o ON o.id = r.order_id WHERE o.user_id IN (?, ?) ORDER BY outcome',
    )
      .bind(unsubscribed.id, reviewer.id)
      .all<{ outcome: string }>();
    expect(results.map((row) => row.outcome)).toEqual(['sent', 'unsubscribed']);
  });
});

describe("the email's review link", () => {
  it('opens the form and takes a review for that customer and product only, without signing in', async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const buyer = await createUser('customer', 'Dewi Anggraini');
    await deliveredOrder(buyer, [melati], 3.5);
    await sendReviewRequests(shop, NOW);
    const [mail] = await requestMails(buyer.email);
    const token = linkIn(mail?.body ?? '', melati.id) as string;

    const read = await call(`/api/reviews/link?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ productId: melati.id, eligible: true, review: null });

    const created = await call('/api/reviews/link', { method: 'POST', json: { token, review: REVIEW } });
    expect(created.status).toBe(201);
    const review = (await created.json()) as OwnReview;
    expect(review).toMatchObject({ productId: melati.id, author: 'Dewi A.', status: 'pending', photos: [] });
    const { results } = await env.DB.prepare('SELECT user_id FROM reviews WHERE id = ?')
      .bind(review.id)
      .all<{ user_id: string }>();
    expect(results).toEqual([{ user_id: buyer.id }]);
    // Once per product, through the link as anywhere.
    const again = await call('/api/reviews/link', { method: 'POST', json: { token, review: REVIEW } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe('review_exists');

    // A link for a product the customer did not receive grants nothing.
    const other = await signReviewLinkToken({ userId: buyer.id, productId: gaharu.id }, env.JWT_SECRET);
    const refused = await call('/api/reviews/link', {
      method: 'POST',
      json: { token: other, review: REVIEW },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('review_not_allowed');
  });

  it('refuses a forged, altered or foreign token in Indonesian, changing nothing', async () => {
    const [melati] = (await insertProducts([250_000])) as [TestProduct];
    const buyer = await createUser('customer');
    await deliveredOrder(buyer, [melati], 4);
    const genuine = await signReviewLinkToken({ userId: buyer.id, productId: melati.id }, env.JWT_SECRET);
    const forged = await signReviewLinkToken(
      { userId: buyer.id, productId: melati.id },
      'kunci-lain-yang-panjangnya-lebih-dari-tiga-puluh-dua',
    );
    const [head, , signature] = genuine.split('.');
    const altered = `${head}.${btoa(JSON.stringify({ sub: 'orang-lain', pid: melati.id })).replace(/=+$/, '')}.${signature}`;
    for (const token of [forged, altered, 'bukan-token']) {
      const res = await call('/api/reviews/link', { method: 'POST', json: { token, review: REVIEW } });
      expect(res.status).toBe(403);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toMatchObject({ code: 'review_link_invalid' });
      expect(body.error.message).toContain('Tautan ulasan tidak berlaku');
    }
    const read = await call('/api/reviews/link?token=bukan-token');
    expect(read.status).toBe(403);
    const { results } = await env.DB.prepare('SELECT id FROM reviews WHERE product_id = ?')
      .bind(melati.id)
      .all();
    expect(results).toEqual([]);
  });
});

describe("photos through the email's review link", () => {
  /** POST /api/reviews/link/photos with the token beside the file, as the form sends it. */
  const upload = (token: string, bytes: Uint8Array = imageFixtures.png.bytes, type = 'image/png') => {
    const body = new FormData();
    body.append('token', token);
    body.append('file', new File([new Uint8Array(bytes)], 'foto', { type }));
    return call('/api/reviews/link/photos', { method: 'POST', body });
  };
  const code = async (res: Response) => ((await res.json()) as ErrorBody).error.code;

  it('uploads up to three for the review of that product, which takes them, and nothing after', async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const buyer = await createUser('customer', 'Dewi Anggraini');
    await deliveredOrder(buyer, [melati, gaharu], 4);
    const token = await signReviewLinkToken({ userId: buyer.id, productId: melati.id }, env.JWT_SECRET);
    const keys: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await upload(token);
      expect(res.status).toBe(201);
      const photo = (await res.json()) as { key: string; url: string };
      expect(await env.IMAGES.head(photo.key)).not.toBeNull();
      keys.push(photo.key);
    }
    const fourth = await upload(token);
    expect(fourth.status).toBe(429);
    expect(await code(fourth)).toBe('too_many_photos');
    expect(await countRows('review_photos')).toBe(3);
    // The catalogue's rules: not an image, 415.
    expect((await upload(token, new TextEncoder().encode('<svg/>'), 'image/svg+xml')).status).toBe(415);
    // The form's 'Hapus' frees a place, files and all; only this link's own waiting photo.
    const gaharuToken = await signReviewLinkToken({ userId: buyer.id, productId: gaharu.id }, env.JWT_SECRET);
    const remove = (key: string, as: string) =>
      call(`/api/reviews/link/photos/${key}?token=${encodeURIComponent(as)}`, { method: 'DELETE' });
    expect((await remove(keys[1] as string, gaharuToken)).status).toBe(404);
    expect((await remove(keys[1] as string, 'bukan-token')).status).toBe(403);
    expect((await remove(keys[1] as string, token)).status).toBe(204);
    expect(await env.IMAGES.head(keys[1] as string)).toBeNull();
    const replaced = await upload(token);
    expect(replaced.status).toBe(201);
    keys[1] = ((await replaced.json()) as { key: string }).key;

    // Bound to melati: the same customer's review of gaharu cannot take them, through a link or signed in.
    const elsewhere = await call('/api/reviews/link', {
      method: 'POST',
      json: { token: gaharuToken, review: { ...REVIEW, photos: [keys[0]] } },
    });
    expect(elsewhere.status).toBe(400);
    const signedIn = await call(`/api/products/${gaharu.id}/reviews`, {
      method: 'POST',
      cookie: buyer.cookie,
      json: { ...REVIEW, photos: [keys[0]] },
    });
    expect(signedIn.status).toBe(400);
    expect(await countRows('reviews')).toBe(0);

    const created = await call('/api/reviews/link', {
      method: 'POST',
      json: { token, review: { ...REVIEW, photos: [keys[2], keys[0]] } },
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as OwnReview).photos.map((photo) => photo.url)).toEqual([
      `/images/${keys[2]}`,
      `/images/${keys[0]}`,
    ]);
    // The review is written: the link uploads no more.
    const after = await upload(token);
    expect(after.status).toBe(409);
    expect(await code(after)).toBe('review_exists');
    expect(await countRows('review_photos')).toBe(3);
    // Nor deletes one the review took.
    expect((await remove(keys[0] as string, token)).status).toBe(404);
  });

  it('refuses a forged, expired or foreign link, and a product the customer did not receive, storing nothing', async () => {
    const [melati, gaharu] = (await insertProducts([250_000, 300_000])) as [TestProduct, TestProduct];
    const buyer = await createUser('customer');
    await deliveredOrder(buyer, [melati], 4);
    const files = async () => (await env.IMAGES.list()).objects.length;
    const before = await files();
    const forged = await signReviewLinkToken(
      { userId: buyer.id, productId: melati.id },
      'kunci-lain-yang-panjangnya-lebih-dari-tiga-puluh-dua',
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 31 * DAY);
    const expired = await signReviewLinkToken({ userId: buyer.id, productId: melati.id }, env.JWT_SECRET);
    vi.useRealTimers();
    for (const token of [forged, expired, 'bukan-token', '']) {
      const res = await upload(token);
      expect(res.status, token).toBe(403);
      expect(await code(res)).toBe('review_link_invalid');
    }
    // A genuine link of a product the customer did not receive.
    const notBought = await signReviewLinkToken({ userId: buyer.id, productId: gaharu.id }, env.JWT_SECRET);
    const refused = await upload(notBought);
    expect(refused.status).toBe(403);
    expect(await code(refused)).toBe('review_not_allowed');
    expect(await countRows('review_photos')).toBe(0);
    expect(await files()).toBe(before);
  });
});
