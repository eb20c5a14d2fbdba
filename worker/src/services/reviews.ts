import type {
  AdminReview,
  adminReviewQuerySchema,
  OwnReview,
  ProductRating,
  Review,
  ReviewInput,
  ReviewOccasion,
  ReviewPage,
  ReviewSummary,
  reviewListQuerySchema,
  SeekPage,
  Testimonial,
  WearTest,
} from '@gi/contracts';
import {
  MAX_REVIEW_PHOTOS,
  parseWidths,
  TESTIMONIAL_COUNT,
  TESTIMONIAL_MAX_LENGTH,
  TESTIMONIAL_MIN_LENGTH,
} from '@gi/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { type Db, nowIso } from '../db/client.ts';
import {
  counters,
  orderItems,
  orders,
  productReviewStats,
  products,
  profiles,
  reviewPhotos,
  reviews,
  reviewVotes,
} from '../db/schema.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { type SeekOrder, seek, seekNeedsTotal, seekResult } from '../lib/keyset.ts';

// Verified reviews (issue 41): who may write one, the shoppers' pages, the customer's own and
// the admin's moderation. The product's figures are kept by migration 0036's triggers.

type ListQuery = z.output<typeof reviewListQuerySchema>;
type AdminQuery = z.output<typeof adminReviewQuerySchema>;
type Fields = { [K in keyof ReviewInput]-?: Exclude<ReviewInput[K], undefined> };

const NOT_ALLOWED = 'Ulasan hanya untuk pembeli yang pesanannya berisi produk ini sudah diterima.';
const REVIEW_MISSING = 'Ulasan tidak ditemukan';
const PRODUCT_MISSING = 'Produk tidak ditemukan.';
const PHOTO_MISSING = 'Foto ulasan tidak ditemukan. Unggah ulang fotonya.';

export const reviewNotAllowed = () => new AppError(403, 'review_not_allowed', NOT_ALLOWED);

/** The occasions of the wear-test and the review's columns for them. */
const OCCASION_COLUMNS = {
  kantor: 'forOffice',
  malam: 'forNight',
  acara: 'forEvent',
  'sehari-hari': 'forDaily',
} as const satisfies Record<ReviewOccasion, keyof typeof reviews.$inferSelect>;
const OCCASIONS = Object.keys(OCCASION_COLUMNS) as ReviewOccasion[];

/** The review's photos in order, as JSON, read through review_photos_review. */
const photosJson = sql<string>`(SELECT json_group_array(json_object('key', image_key, 'widths', widths))
  FROM (SELECT image_key, widths FROM ${reviewPhotos} WHERE review_id = ${reviews.id} ORDER BY position))`;

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  name: profiles.name,
  rating: reviews.rating,
  body: reviews.body,
  photos: photosJson,
  wearHours: reviews.wearHours,
  projection: reviews.projection,
  wornInHeat: reviews.wornInHeat,
  forOffice: reviews.forOffice,
  forNight: reviews.forNight,
  forEvent: reviews.forEvent,
  forDaily: reviews.forDaily,
  helpfulCount: reviews.helpfulCount,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  publishedAt: reviews.publishedAt,
  submittedAt: reviews.submittedAt,
  status: reviews.status,
  hiddenReason: reviews.hiddenReason,
};
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['all']>>[number];

/** 'Siti Aminah Putri' → 'Siti': the home's testimonials name no more. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'Pembeli';

/** 'Siti Aminah Putri' → 'Siti P.': shoppers see who wrote it without the whole name. */
export function authorOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${firstNameOf(name)} ${[...last][0]?.toUpperCase()}.` : firstNameOf(name);
}

function wearTestOf(row: ReviewRow): WearTest | null {
  if (row.wearHours === null || row.projection === null || row.wornInHeat === null) return null;
  return {
    hours: row.wearHours,
    projection: row.projection,
    occasions: OCCASIONS.filter((occasion) => row[OCCASION_COLUMNS[occasion]]),
    heat: row.wornInHeat,
  };
}

function toOwnReview(row: ReviewRow): OwnReview {
  const photos = JSON.parse(row.photos) as { key: string; widths: string }[];
  return {
    id: row.id,
    productId: row.productId,
    author: authorOf(row.name),
    rating: row.rating,
    body: row.body,
    photos: photos.map((photo) => ({ url: `/images/${photo.key}`, widths: parseWidths(photo.widths) })),
    wearTest: wearTestOf(row),
    helpfulCount: row.helpfulCount,
    reply:
      row.reply !== null && row.repliedAt !== null ? { text: row.reply, repliedAt: row.repliedAt } : null,
    publishedAt: row.publishedAt,
    submittedAt: row.submittedAt,
    status: row.status,
    hiddenReason: row.hiddenReason,
  };
}

function toReview(row: ReviewRow): Review {
  const { status: _status, hiddenReason: _reason, ...review } = toOwnReview(row);
  return review;
}

const reviewSelect = (db: Db) =>
  db.select(reviewColumns).from(reviews).innerJoin(profiles, eq(profiles.id, reviews.userId));

/** Whether the customer has an order containing the product that was delivered. */
function deliveredWith(db: Db, userId: string, productId: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)),
    )
    .limit(1);
}

/** Whether the customer has any delivered order: who may upload a review's photo. */
export async function hasDeliveredOrder(db: Db, userId: string): Promise<boolean> {
  const found = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered')))
    .limit(1);
  return found.length > 0;
}

/** Photos the customer uploaded signed in that no review has taken yet (a link's are counted per product). */
export async function unusedPhotoCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(reviewPhotos)
    .where(
      and(eq(reviewPhotos.userId, userId), isNull(reviewPhotos.reviewId), isNull(reviewPhotos.productId)),
    );
  return row?.n ?? 0;
}

export async function addReviewPhoto(db: Db, userId: string, key: string, widths: number[]): Promise<void> {
  await db.insert(reviewPhotos).values({ imageKey: key, userId, widths });
}

/** Photos uploaded through a review link for this customer and product that no review has taken yet. */
const linkUnused = (userId: string, productId: string) =>
  and(eq(reviewPhotos.userId, userId), eq(reviewPhotos.productId, productId), isNull(reviewPhotos.reviewId));

export async function linkPhotoCount(db: Db, userId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(reviewPhotos)
    .where(linkUnused(userId, productId));
  return row?.n ?? 0;
}

/**
 * A photo uploaded through a review link, bound to its product; false when the link has
 * MAX_REVIEW_PHOTOS waiting already. The count and the insert are one statement, so two racing
 * uploads cannot both take the third place.
 */
export async function addLinkPhoto(
  db: Db,
  { userId, productId }: { userId: string; productId: string },
  key: string,
  widths: number[],
): Promise<boolean> {
  const inserted = await db.all(sql`INSERT INTO ${reviewPhotos} (image_key, user_id, product_id, widths)
    SELECT ${key}, ${userId}, ${productId}, ${widths.join(',')}
    WHERE (SELECT count(*) FROM ${reviewPhotos} WHERE ${linkUnused(userId, productId)}) < ${MAX_REVIEW_PHOTOS}
    RETURNING image_key`);
  return inserted.length > 0;
}

/** Deletes a waiting photo the link of this customer and product uploaded: its files' names, or null. */
export async function removeLinkPhoto(
  db: Db,
  { userId, productId }: { userId: string; productId: string },
  key: string,
): Promise<{ key: string; widths: number[] } | null> {
  const [removed] = await db
    .delete(reviewPhotos)
    .where(and(eq(reviewPhotos.imageKey, key), linkUnused(userId, productId)))
    .returning({ key: reviewPhotos.imageKey, widths: reviewPhotos.widths });
  return removed ?? null;
}

/**
 * A photo no review has taken, or this review's own: never another review's; one a review link
 * uploaded only for the review of its product.
 */
const usableBy = (reviewId: string, productId: string) =>
  and(
    or(isNull(reviewPhotos.reviewId), eq(reviewPhotos.reviewId, reviewId)),
    or(isNull(reviewPhotos.productId), eq(reviewPhotos.productId, productId)),
  );

/**
 * The listed photos must be the customer's own uploads, free or already on this review; the
 * answer is the statements that put them on it in the order listed.
 */
async function photoStatements(
  db: Db,
  { userId, reviewId, productId }: { userId: string; reviewId: string; productId: string },
  keys: string[],
) {
  const usable = usableBy(reviewId, productId);
  if (keys.length > 0) {
    const found = await db
      .select({ key: reviewPhotos.imageKey })
      .from(reviewPhotos)
      .where(and(inArray(reviewPhotos.imageKey, keys), eq(reviewPhotos.userId, userId), usable));
    if (found.length !== keys.length) {
      throw new AppError(400, 'invalid_input', PHOTO_MISSING, { photos: PHOTO_MISSING });
    }
  }
  return keys.map((key, position) =>
    db
      .update(reviewPhotos)
      .set({ reviewId, position })
      .where(and(eq(reviewPhotos.imageKey, key), eq(reviewPhotos.userId, userId), usable)),
  );
}

/** The review's columns of the customer's input. */
function inputColumns(input: Fields) {
  const wear = input.wearTest;
  const occasions = new Set(wear?.occasions ?? []);
  return {
    rating: input.rating,
    body: input.body,
    wearHours: wear?.hours ?? null,
    projection: wear?.projection ?? null,
    wornInHeat: wear ? wear.heat : null,
    forOffice: occasions.has('kantor'),
    forNight: occasions.has('malam'),
    forEvent: occasions.has('acara'),
    forDaily: occasions.has('sehari-hari'),
  };
}

async function readOwn(db: Db, id: string): Promise<OwnReview> {
  const [row] = await reviewSelect(db).where(eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_MISSING);
  return toOwnReview(row);
}

/** Whether the product exists: its reviews' routes answer 404 for one that does not. */
async function requireProduct(db: Db, productId: string): Promise<void> {
  const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!found) throw notFound(PRODUCT_MISSING);
}

/** GET /api/products/{id}/reviews/mine. */
export async function readMyReview(db: Db, userId: string, productId: string) {
  await requireProduct(db, productId);
  const [delivered, [row]] = await db.batch([
    deliveredWith(db, userId, productId),
    reviewSelect(db).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
  ]);
  return { eligible: delivered.length > 0, review: row ? toOwnReview(row) : null };
}

/**
 * POST /api/products/{id}/reviews: the first review of a customer whose order of the product was
 * delivered. Of two racing first reviews the unique index (product_id, user_id) fails the second's
 * batch whole, photos with it: 409 `review_exists`.
 */
export async function createReview(
  db: Db,
  userId: string,
  productId: string,
  input: Fields,
): Promise<OwnReview> {
  await requireProduct(db, productId);
  const [delivered, existing] = await db.batch([
    deliveredWith(db, userId, productId),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
  ]);
  if (delivered.length === 0) throw reviewNotAllowed();
  if (existing.length > 0) throw reviewExists();
  const id = crypto.randomUUID();
  const attach = await photoStatements(db, { userId, reviewId: id, productId }, input.photos);
  try {
    await db.batch([db.insert(reviews).values({ id, productId, userId, ...inputColumns(input) }), ...attach]);
  } catch (err) {
    if (isConstraintError(err, 'reviews.product_id')) throw reviewExists();
    throw err;
  }
  return readOwn(db, id);
}

export const reviewExists = () =>
  new AppError(409, 'review_exists', 'Anda sudah mengulas produk ini. Ubah ulasan Anda bila perlu.');

/**
 * PUT /api/reviews/{id}: the customer's own review, changed; it waits for moderation again (a
 * published one leaves the product page until the admin publishes it anew). Photos left out are
 * deleted: their keys are answered for the bucket.
 */
export async function updateReview(
  db: Db,
  userId: string,
  id: string,
  input: Fields,
): Promise<{ review: OwnReview; removedPhotos: { key: string; widths: number[] }[] }> {
  const [found] = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  if (!found) throw notFound(REVIEW_MISSING);
  const attach = await photoStatements(
    db,
    { userId, reviewId: id, productId: found.productId },
    input.photos,
  );
  const kept = input.photos;
  const leaving = and(
    eq(reviewPhotos.reviewId, id),
    kept.length > 0 ? notInArray(reviewPhotos.imageKey, kept) : undefined,
  );
  const now = nowIso();
  const [removed] = await db.batch([
    db
      .delete(reviewPhotos)
      .where(leaving)
      .returning({ key: reviewPhotos.imageKey, widths: reviewPhotos.widths }),
    db
      .update(reviews)
      .set({
        ...inputColumns(input),
        status: 'pending',
        hiddenReason: null,
        publishedAt: null,
        submittedAt: now,
        updatedAt: now,
      })
      .where(and(eq(reviews.id, id), eq(reviews.userId, userId))),
    ...attach,
  ]);
  return { review: await readOwn(db, id), removedPhotos: removed };
}

/** POST /api/reviews/{id}/helpful: one vote per customer on a published review, not their own. */
export async function voteHelpful(db: Db, userId: string, id: string): Promise<number> {
  const [found] = await db
    .select({ userId: reviews.userId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.status, 'published')));
  if (!found) throw notFound(REVIEW_MISSING);
  if (found.userId === userId) {
    throw new AppError(403, 'review_own', 'Ulasan sendiri tidak bisa ditandai membantu.');
  }
  const [, [row]] = await db.batch([
    db.insert(reviewVotes).values({ reviewId: id, userId }).onConflictDoNothing(),
    db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, id)),
  ]);
  return row?.helpfulCount ?? 0;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The average of `count` published reviews whose stars sum to `total`, to one decimal; null for none. */
const averageOf = (count: number, total: number) => (count > 0 ? round1(total / count) : null);

/**
 * A product's published reviews as its card shows them (null before the first), from the row of
 * product_review_stats joined by `rated`; the average as the product page's summary rounds it.
 */
export const ratingColumn = sql<ProductRating | null>`CASE WHEN ${productReviewStats.reviewCount} > 0
  THEN json_array(${productReviewStats.reviewCount}, ${productReviewStats.ratingTotal}) END`.mapWith(
  (json: string): ProductRating => {
    const [count, total] = JSON.parse(json) as [number, number];
    return { average: averageOf(count, total) as number, count };
  },
);

/** The join of a product row's figures: one lookup by product_review_stats' primary key per row. */
export const rated = eq(productReviewStats.productId, products.id);

function summaryOf(stats: typeof productReviewStats.$inferSelect | null): ReviewSummary {
  const s = stats ?? {
    reviewCount: 0,
    ratingTotal: 0,
    stars1: 0,
    stars2: 0,
    stars3: 0,
    stars4: 0,
    stars5: 0,
    wearCount: 0,
    wearHoursTotal: 0,
    projectionDekat: 0,
    projectionSedang: 0,
    projectionKuat: 0,
    heatCount: 0,
    forOffice: 0,
    forNight: 0,
    forEvent: 0,
    forDaily: 0,
  };
  return {
    count: s.reviewCount,
    average: averageOf(s.reviewCount, s.ratingTotal),
    distribution: [s.stars1, s.stars2, s.stars3, s.stars4, s.stars5],
    wearTest: {
      count: s.wearCount,
      averageHours: s.wearCount > 0 ? round1(s.wearHoursTotal / s.wearCount) : null,
      projection: { dekat: s.projectionDekat, sedang: s.projectionSedang, kuat: s.projectionKuat },
      occasions: { kantor: s.forOffice, malam: s.forNight, acara: s.forEvent, 'sehari-hari': s.forDaily },
      heat: s.heatCount,
    },
  };
}

// The shoppers' two orders, each an index of migration 0036 read in its direction; the id breaks ties.
const sorts = {
  newest: { column: reviews.publishedAt, parse: (text: string) => text },
  helpful: { column: reviews.helpfulCount, parse: Number },
} as const;

/**
 * GET /api/products/{id}/reviews: one page of the published reviews, by offset or after a
 * `nextCursor` (the bound on the sort column lets its index start there), and the product's
 * figures: the page, the product and its figures in one round trip.
 */
export async function readReviewPage(db: Db, productId: string, query: ListQuery): Promise<ReviewPage> {
  const { column, parse } = sorts[query.sort];
  let where = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
  if (query.after) {
    const split = query.after.lastIndexOf('~');
    const value = parse(query.after.slice(0, split));
    const id = query.after.slice(split + 1);
    where = and(where, sql`${column} <= ${value}`, or(lt(column, value), gt(reviews.id, id)));
  }
  const [[product], rows] = await db.batch([
    db
      .select({ id: products.id, stats: productReviewStats })
      .from(products)
      .leftJoin(productReviewStats, eq(productReviewStats.productId, products.id))
      .where(eq(products.id, productId)),
    reviewSelect(db)
      .where(where)
      .orderBy(desc(column), asc(reviews.id))
      .limit(query.pageSize + 1)
      .offset(query.after ? 0 : (query.page - 1) * query.pageSize),
  ]);
  if (!product) throw notFound(PRODUCT_MISSING);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  const summary = summaryOf(product.stats);
  return {
    items: items.map(toReview),
    total: summary.count,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor:
      rows.length > query.pageSize && last
        ? `${query.sort === 'newest' ? last.publishedAt : last.helpfulCount}~${last.id}`
        : null,
    summary,
  };
}

/**
 * GET /api/reviews/best, the home's testimonials: published reviews of a card's length, the most
 * stars first and the newest among equals, walked down reviews_best (migration 0063) to the third.
 * Its WHERE repeats the partial index's word for word, bounds as literals, or SQLite could not use
 * it; INDEXED BY because without statistics the planner preferred reviews_status_submitted and a
 * sort of every published review, and CROSS JOIN keeps the reviews the outer loop.
 */
const TESTIMONIALS_SQL = `SELECT reviews.id AS id, reviews.product_id AS productId,
    products.name AS productName, profiles.name AS name, reviews.rating AS rating, reviews.body AS body
  FROM reviews INDEXED BY reviews_best
  CROSS JOIN products ON products.id = reviews.product_id
  CROSS JOIN profiles ON profiles.id = reviews.user_id
  WHERE reviews.status = 'published' AND length(reviews.body) >= ${TESTIMONIAL_MIN_LENGTH}
    AND length(reviews.body) <= ${TESTIMONIAL_MAX_LENGTH}
  ORDER BY reviews.rating DESC, reviews.published_at DESC, reviews.id
  LIMIT ${TESTIMONIAL_COUNT}`;

export async function readTestimonials(db: Db): Promise<{ items: Testimonial[] }> {
  const rows = await db.all<Omit<Testimonial, 'author'> & { name: string }>(sql.raw(TESTIMONIALS_SQL));
  return { items: rows.map(({ name, ...row }) => ({ ...row, author: firstNameOf(name) })) };
}

const adminColumns = {
  ...reviewColumns,
  // Aliased: D1 answers columns of the same name (profiles.name) as one.
  productName: sql<string>`${products.name}`.as('product_name'),
  customerEmail: profiles.email,
  rowid: sql<number>`${reviews}.rowid`,
};

/** The moderation queue: newest submission (or edit) first; rowid breaks ties. */
const adminOrder: SeekOrder = {
  createdAt: reviews.submittedAt,
  tie: sql`${reviews}.rowid`,
  tieDescending: true,
  parseTie: Number,
};

const adminSelect = (db: Db) =>
  db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId));

function toAdminReview(row: ReviewRow & { productName: string; customerEmail: string }): AdminReview {
  return {
    ...toOwnReview(row),
    productName: row.productName,
    customerName: row.name,
    customerEmail: row.customerEmail,
  };
}

/** GET /api/admin/reviews: one status's page; the total from the counters migration 0036 keeps. */
export async function listAdminReviews(db: Db, query: AdminQuery): Promise<SeekPage<AdminReview>> {
  const counted = db
    .select({ total: counters.value })
    .from(counters)
    .where(eq(counters.name, `reviews:${query.status}`));
  const pageOf = (plan: ReturnType<typeof seek>) =>
    adminSelect(db)
      .where(and(eq(reviews.status, query.status), plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  let total: number;
  let plan: ReturnType<typeof seek>;
  let rows: Awaited<ReturnType<typeof pageOf>>;
  if (!seekNeedsTotal(query)) {
    plan = seek(adminOrder, query);
    const [[listed], page] = await db.batch([counted, pageOf(plan)]);
    total = listed?.total ?? 0;
    rows = page;
  } else {
    total = (await counted)[0]?.total ?? 0;
    plan = seek(adminOrder, query, total);
    rows = plan.limit === 0 ? [] : await pageOf(plan);
  }
  const page = seekResult(plan, rows, query, (row) => `${row.submittedAt}~${row.rowid}`);
  return {
    items: page.rows.map(toAdminReview),
    total,
    page: query.page,
    pageSize: query.pageSize,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
  };
}

/** What moderation changes of a review, as the audit trail records it (decision 054). */
const moderated = { status: reviews.status, hiddenReason: reviews.hiddenReason, reply: reviews.reply };
type Moderated = { status: string; hiddenReason: string | null; reply: string | null };

/** One moderation step on a review by the staff member `actorId`, then the review as the admin sees it (404 when none). */
async function moderate(
  db: Db,
  id: string,
  change: SQLiteUpdateSetSource<typeof reviews>,
  audit: { actorId: string; action: 'publish' | 'hide' | 'reply'; after: Partial<Moderated> },
): Promise<AdminReview> {
  const before = await db.select(moderated).from(reviews).where(eq(reviews.id, id)).get();
  if (!before) throw notFound(REVIEW_MISSING);
  const [changed, , [row]] = await db.batch([
    db
      .update(reviews)
      .set({ ...change, updatedAt: nowIso() })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id }),
    auditRow(db, {
      actorId: audit.actorId,
      entityType: 'review',
      entityId: id,
      action: audit.action,
      before,
      after: { ...before, ...audit.after },
      when: AFTER_A_CHANGE,
    }),
    adminSelect(db).where(eq(reviews.id, id)),
  ]);
  if (changed.length === 0 || !row) throw notFound(REVIEW_MISSING);
  return toAdminReview(row);
}

/** Publishes a review; one published already keeps its date (its place among the newest). */
export const publishReview = (db: Db, id: string, actorId: string) =>
  moderate(
    db,
    id,
    {
      status: 'published',
      hiddenReason: null,
      publishedAt: sql`CASE WHEN ${reviews.status} = 'published' THEN ${reviews.publishedAt} ELSE ${nowIso()} END`,
    },
    { actorId, action: 'publish', after: { status: 'published', hiddenReason: null } },
  );

export const hideReview = (db: Db, id: string, reason: string, actorId: string) =>
  moderate(
    db,
    id,
    { status: 'hidden', hiddenReason: reason, publishedAt: null },
    { actorId, action: 'hide', after: { status: 'hidden', hiddenReason: reason } },
  );

export const replyToReview = (db: Db, id: string, reply: string | null, actorId: string) =>
  moderate(
    db,
    id,
    { reply, repliedAt: reply === null ? null : nowIso() },
    { actorId, action: 'reply', after: { reply } },
  );
