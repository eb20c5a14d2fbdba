import { z } from 'zod';
import { listQuerySchema, seekListQuerySchema } from './catalog.ts';
import { lineText, multilineText } from './text.ts';

// Verified reviews (issue 41): written only by a customer whose order of the product was
// delivered, one per product, moderated before shoppers see it, with a wear-test for the tropics.

export const reviewProjections = ['dekat', 'sedang', 'kuat'] as const;
export type ReviewProjection = (typeof reviewProjections)[number];
export const reviewOccasions = ['kantor', 'malam', 'acara', 'sehari-hari'] as const;
export type ReviewOccasion = (typeof reviewOccasions)[number];
export const reviewStatuses = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewSorts = ['newest', 'helpful'] as const;

export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 2000;
export const MAX_WEAR_HOURS = 48;
/** Photos a customer may have uploaded and not yet put in a review (POST /api/reviews/photos). */
export const MAX_UNUSED_REVIEW_PHOTOS = 6;

/** A photo's key as POST /api/reviews/photos answered it (`<uuid>.<ext>`). */
const photoKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}\.(?:jpg|png|gif|webp|avif)$/, 'Foto ulasan tidak valid');

export const wearTestSchema = z.strictObject({
  hours: z
    .number({ error: 'Isi berapa jam aromanya bertahan' })
    .int('Lama bertahan harus bilangan bulat jam')
    .min(1, 'Lama bertahan minimal 1 jam')
    .max(MAX_WEAR_HOURS, `Lama bertahan maksimal ${MAX_WEAR_HOURS} jam`),
  projection: z.enum(reviewProjections, { error: 'Proyeksi harus dekat, sedang atau kuat' }),
  occasions: z
    .array(z.enum(reviewOccasions, { error: 'Acara harus kantor, malam, acara atau sehari-hari' }))
    .max(reviewOccasions.length, 'Acara dipilih lebih dari sekali')
    .refine((list) => new Set(list).size === list.length, 'Acara dipilih lebih dari sekali'),
  heat: z.boolean({ error: 'Pilih apakah dipakai saat cuaca panas dan lembap' }),
});
export type WearTest = z.infer<typeof wearTestSchema>;

/** POST /api/products/{id}/reviews and PUT /api/reviews/{id}: the customer's review. */
export const reviewInputSchema = z.strictObject({
  rating: z
    .number({ error: 'Pilih 1 sampai 5 bintang' })
    .int('Pilih 1 sampai 5 bintang')
    .min(1, 'Pilih 1 sampai 5 bintang')
    .max(5, 'Pilih 1 sampai 5 bintang'),
  body: multilineText()
    .min(REVIEW_MIN_LENGTH, `Ulasan minimal ${REVIEW_MIN_LENGTH} karakter`)
    .max(REVIEW_MAX_LENGTH, 'Ulasan maksimal 2.000 karakter'),
  photos: z
    .array(photoKey)
    .max(MAX_REVIEW_PHOTOS, `Maksimal ${MAX_REVIEW_PHOTOS} foto`)
    .refine((list) => new Set(list).size === list.length, 'Foto yang sama dipilih dua kali')
    .default([]),
  /** The tropical wear-test, or null when the customer skipped it. */
  wearTest: wearTestSchema.nullable().default(null),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

const REASON_MAX = 500;
/** POST /api/admin/reviews/{id}/hide: the reason, which the customer reads with their review. */
export const reviewHideSchema = z.strictObject({
  reason: lineText().min(1, 'Alasan tidak boleh kosong').max(REASON_MAX, 'Alasan maksimal 500 karakter'),
});

/** PUT /api/admin/reviews/{id}/reply: the shop's public answer; null takes it back. */
export const reviewReplySchema = z.strictObject({
  reply: multilineText()
    .min(1, 'Balasan tidak boleh kosong')
    .max(REVIEW_MAX_LENGTH, 'Balasan maksimal 2.000 karakter')
    .nullable(),
});

const PAGE_INVALID = 'Halaman tidak valid';

/** GET /api/products/{id}/reviews: newest or most helpful first, by page or after a `nextCursor`. */
export const reviewListQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({
    sort: z.enum(reviewSorts, { error: 'Urutan harus newest atau helpful' }).default('newest'),
    /** `<published_at>~<id>` (newest) or `<helpful votes>~<id>` (helpful) of the page's last review. */
    after: z
      .string()
      .regex(/^(?:\d{4}-\d{2}-\d{2}T[\d:.]+Z|\d{1,9})~[\w-]{1,64}$/, PAGE_INVALID)
      .optional(),
  })
  .refine((v) => v.after === undefined || /^\d+~/.test(v.after) === (v.sort === 'helpful'), {
    error: PAGE_INVALID,
    path: ['after'],
  });

/** GET /api/admin/reviews: one status's reviews, the latest submitted (or edited) first. */
export const adminReviewQuerySchema = seekListQuerySchema
  .pick({ page: true, pageSize: true, after: true, before: true })
  .extend({
    status: z
      .enum(reviewStatuses, { error: 'Status harus pending, published atau hidden' })
      .default('pending'),
  });

export const reviewPhotoSchema = z.object({ url: z.string(), widths: z.array(z.number().int()) });

/** A published review as shoppers see it; every one is by a verified buyer ('Pembeli Terverifikasi'). */
export const reviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The reviewer's first name and the initial of the last ('Siti A.'). */
  author: z.string(),
  rating: z.number().int(),
  body: z.string(),
  photos: z.array(reviewPhotoSchema),
  wearTest: wearTestSchema.nullable(),
  helpfulCount: z.number().int(),
  reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable(),
  publishedAt: z.string().nullable(),
  submittedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The customer's own review: where moderation stands, and why it is hidden if it is. */
export const ownReviewSchema = reviewSchema.extend({
  status: z.enum(reviewStatuses),
  hiddenReason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/products/{id}/reviews/mine: whether the customer may review it, and their review. */
export const myReviewSchema = z.object({ eligible: z.boolean(), review: ownReviewSchema.nullable() });

export const adminReviewSchema = ownReviewSchema.extend({
  productName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** A product's published reviews in figures, kept with each write (never counted on a read). */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** The mean of the stars to one decimal; null without reviews. */
  average: z.number().nullable(),
  /** Reviews of 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number().int()).length(5),
  wearTest: z.object({
    /** Published reviews with a wear-test. */
    count: z.number().int(),
    /** Their mean hours to one decimal; null without one. */
    averageHours: z.number().nullable(),
    projection: z.object({ dekat: z.number().int(), sedang: z.number().int(), kuat: z.number().int() }),
    occasions: z.object({
      kantor: z.number().int(),
      malam: z.number().int(),
      acara: z.number().int(),
      'sehari-hari': z.number().int(),
    }),
    /** How many wore it in heat and humidity. */
    heat: z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** One page of a product's published reviews, the next page's cursor and the product's figures. */
export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable(),
  summary: reviewSummarySchema,
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A review request email's signed link (decision 047): that customer, that product, until it expires. */
const reviewLinkToken = z
  .string({ error: 'Tautan ulasan tidak valid' })
  .min(1, 'Tautan ulasan tidak valid')
  .max(2000, 'Tautan ulasan tidak valid');

/** GET /api/reviews/link. */
export const reviewLinkQuerySchema = z.object({ token: reviewLinkToken });

/** DELETE /api/reviews/link/photos/{key}: a photo the link uploaded that no review took. */
export const reviewLinkPhotoParam = z.object({ key: photoKey });

/** GET /api/reviews/link: the product the link reviews, and the customer's review as `mine` answers it. */
export const reviewLinkSchema = myReviewSchema.extend({ productId: z.string() });

/** POST /api/reviews/link: a review through the link, its photos uploaded with the same token. */
export const reviewLinkInputSchema = z.strictObject({ token: reviewLinkToken, review: reviewInputSchema });
export type ReviewLinkInput = z.input<typeof reviewLinkInputSchema>;

/** A published review as a home testimonial: the reviewer's first name only. */
export const testimonialSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The reviewer's first name ('Siti'). */
  author: z.string(),
  rating: z.number().int(),
  body: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** GET /api/reviews/best: at most TESTIMONIAL_COUNT, the most stars first, the newest among equals. */
export const testimonialListSchema = z.object({ items: z.array(testimonialSchema) });
