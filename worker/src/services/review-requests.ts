import { MAX_REVIEW_PHOTOS, type OwnReview } from '@gi/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { signReviewLinkToken, signUnsubscribeToken, verifyReviewLinkToken } from '../auth/tokens.ts';
import { type Db, getDb } from '../db/client.ts';
import { orderItems, orders, reviewRequests } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import {
  createReview,
  linkPhotoCount,
  readMyReview,
  removeLinkPhoto,
  reviewExists,
  reviewNotAllowed,
} from './reviews.ts';

// The review request email (issue 41, decision 047): a few days after an order is delivered, its
// buyer is asked once to review its products, each through a signed link that opens the form
// without signing in.

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after delivery the request goes: the scent has been worn for a few days. */
const REVIEW_REQUEST_DELAY_MS = 3 * DAY_MS;
/** Orders delivered longer ago than this get no request: a late mail about an old parcel is noise. */
const REVIEW_REQUEST_WINDOW_MS = 14 * DAY_MS;
/** Orders one Cron run handles at most; the next run goes on with the rest. */
const REVIEW_REQUEST_RUN = 100;

interface DueOrder {
  orderId: string;
  userId: string;
  email: string;
  name: string;
  suppressed: number;
}

/**
 * The Cron's run: delivered orders whose delivery is between REVIEW_REQUEST_DELAY_MS and
 * REVIEW_REQUEST_WINDOW_MS ago (order_events_delivered) and have no `review_requests` row yet, at
 * most `limit`, oldest delivery first. Each ends in a row: 'unsubscribed' for an address on the
 * marketing suppression list (no mail), 'reviewed' when the buyer reviewed every product already,
 * else 'sent', with the mail queued in the same batch under the once key `review-request:<order>`:
 * two overlapping runs queue it once. Answers how many mails were queued.
 */
export async function sendReviewRequests(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN' | 'JWT_SECRET'>,
  now = Date.now(),
  limit = REVIEW_REQUEST_RUN,
): Promise<number> {
  const db = getDb(env.DB);
  // CROSS JOIN keeps the window of order_events_delivered the outer loop: without statistics
  // SQLite drove the read from orders_status_created, every delivered order ever (EXPLAIN QUERY PLAN).
  const { results: due } = await env.DB.prepare(
    `SELECT e.order_id AS orderId, o.user_id AS userId, p.email AS email, p.name AS name,
       EXISTS (SELECT 1 FROM marketing_suppressions m WHERE m.email = p.email) AS suppressed
     FROM order_events e
     CROSS JOIN orders o ON o.id = e.order_id AND o.status = 'delivered'
     JOIN profiles p ON p.id = o.user_id
     WHERE e.status = 'delivered' AND e.created_at > ?1 AND e.created_at <= ?2
       AND NOT EXISTS (SELECT 1 FROM review_requests r WHERE r.order_id = e.order_id)
     GROUP BY e.order_id
     ORDER BY MIN(e.created_at), e.order_id
     LIMIT ?3`,
  )
    .bind(
      new Date(now - REVIEW_REQUEST_WINDOW_MS).toISOString(),
      new Date(now - REVIEW_REQUEST_DELAY_MS).toISOString(),
      limit,
    )
    .all<DueOrder>();
  if (due.length === 0) return 0;
  // Each order's products its buyer has not reviewed yet, each once.
  const items = await db
    .selectDistinct({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.productName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(
          orderItems.orderId,
          due.map((row) => row.orderId),
        ),
        isNotNull(orderItems.productId),
        sql`NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = ${orderItems.productId} AND r.user_id = ${orders.userId})`,
      ),
    );
  let sent = 0;
  const statements = await Promise.all(
    due.map(async (order) => {
      const products = items.filter((item) => item.orderId === order.orderId && item.productId);
      const done = (outcome: 'sent' | 'unsubscribed' | 'reviewed') =>
        db.insert(reviewRequests).values({ orderId: order.orderId, outcome }).onConflictDoNothing();
      if (order.suppressed) return [done('unsubscribed')];
      if (products.length === 0) return [done('reviewed')];
      sent += 1;
      return [
        queueEmail(db, env, {
          to: order.email,
          template: 'review-request',
          once: `review-request:${order.orderId}`,
          data: {
            orderId: order.orderId,
            customerName: order.name,
            products: await Promise.all(
              products.map(async (item) => ({
                id: item.productId as string,
                name: item.name,
                token: await signReviewLinkToken(
                  { userId: order.userId, productId: item.productId as string },
                  env.JWT_SECRET,
                ),
              })),
            ),
            unsubscribeToken: await signUnsubscribeToken(order.email, env.JWT_SECRET),
          },
        }),
        done('sent'),
      ];
    }),
  );
  const [first, ...rest] = statements.flat();
  if (first) await db.batch([first, ...rest]);
  return sent;
}

const linkInvalid = () =>
  new AppError(
    403,
    'review_link_invalid',
    'Tautan ulasan tidak berlaku atau sudah kedaluwarsa. Masuk ke akun Anda untuk menulis ulasan.',
  );

async function claimsOf(token: string, secret: string) {
  const claims = await verifyReviewLinkToken(token, secret);
  if (!claims) throw linkInvalid();
  return claims;
}

/** GET /api/reviews/link: what `mine` answers the customer the link names, for its product. */
export async function readReviewLink(db: Db, token: string, secret: string) {
  const { userId, productId } = await claimsOf(token, secret);
  return { productId, ...(await readMyReview(db, userId, productId)) };
}

/**
 * POST /api/reviews/link: the review as the customer the link names writes it, with photos
 * uploaded through the same link (or signed in).
 */
export async function createReviewByLink(
  db: Db,
  { token, review }: { token: string; review: Parameters<typeof createReview>[3] },
  secret: string,
): Promise<OwnReview> {
  const { userId, productId } = await claimsOf(token, secret);
  return createReview(db, userId, productId, review);
}

export const tooManyLinkPhotos = () =>
  new AppError(
    429,
    'too_many_photos',
    `Sudah ${MAX_REVIEW_PHOTOS} foto diunggah lewat tautan ini. Hapus salah satu untuk menggantinya.`,
  );

/**
 * POST /api/reviews/link/photos, before the photo is stored: the link's customer and product, when
 * the link may still write their review (a buyer of it who has not reviewed it) and has fewer than
 * MAX_REVIEW_PHOTOS photos waiting. The link uploads for that review only, until it expires.
 */
export async function linkPhotoUploader(db: Db, token: string, secret: string) {
  const claims = await claimsOf(token, secret);
  const { eligible, review } = await readMyReview(db, claims.userId, claims.productId);
  if (!eligible) throw reviewNotAllowed();
  if (review) throw reviewExists();
  if ((await linkPhotoCount(db, claims.userId, claims.productId)) >= MAX_REVIEW_PHOTOS) {
    throw tooManyLinkPhotos();
  }
  return claims;
}

/**
 * DELETE /api/reviews/link/photos/{key}: the link's own waiting photo leaves its three (404 for
 * any other: another link's, a signed-in upload, one a review took). Answers its files' names.
 */
export async function deleteLinkPhoto(db: Db, token: string, key: string, secret: string) {
  const removed = await removeLinkPhoto(db, await claimsOf(token, secret), key);
  if (!removed) throw notFound('Foto ulasan tidak ditemukan');
  return removed;
}
