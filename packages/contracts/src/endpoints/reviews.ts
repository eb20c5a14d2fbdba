import { z } from 'zod';
import { seekPageSchema, uploadedImageSchema } from '../schemas/catalog.ts';
import {
  adminReviewQuerySchema,
  adminReviewSchema,
  myReviewSchema,
  ownReviewSchema,
  reviewHideSchema,
  reviewInputSchema,
  reviewLinkInputSchema,
  reviewLinkPhotoParam,
  reviewLinkQuerySchema,
  reviewLinkSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewReplySchema,
  testimonialListSchema,
} from '../schemas/reviews.ts';
import {
  adminOnly,
  CUSTOMER,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  fileBody,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  PUBLIC_ACTION,
  SHARED_READ,
} from './define.ts';

// Verified reviews (issue 41). Shoppers read the published ones; a customer whose order of the
// product was delivered writes one and edits it (back to moderation); the admin publishes, hides
// with a reason and replies in public.

const tags = ['Ulasan'];
const exampleReview = {
  rating: 4,
  body: 'Wanginya lembut dan tahan seharian.',
  photos: [],
  wearTest: { hours: 8, projection: 'sedang', occasions: ['kantor', 'malam'], heat: true },
};
const onProduct = { params: { id: EXAMPLE_IDS.product } };
const onReview = { params: { id: EXAMPLE_IDS.review } };
const productMissing = errorAnswer('Produk tidak ditemukan');
const reviewMissing = errorAnswer('Ulasan tidak ditemukan');
const own = jsonAnswer(ownReviewSchema, 'Ulasan pelanggan');
const moderated = jsonAnswer(adminReviewSchema, 'Ulasan');

export const list = endpoint({
  method: 'get',
  path: '/products/{id}/reviews',
  tags,
  summary: 'Ulasan terbit sebuah produk (terbaru atau paling membantu) dengan ringkasannya',
  policy: SHARED_READ,
  request: { params: idParam, query: reviewListQuerySchema },
  example: {
    ...onProduct,
    query: { sort: 'helpful', page: '1', pageSize: '10', after: `0~${EXAMPLE_IDS.review}` },
  },
  responses: {
    200: jsonAnswer(reviewPageSchema, 'Satu halaman ulasan dan ringkasan produk'),
    400: invalidAnswer,
    404: productMissing,
  },
});

export const best = endpoint({
  method: 'get',
  path: '/reviews/best',
  tags,
  summary: 'Ulasan terbit terbaik untuk testimoni beranda (bintang terbanyak, terbaru lebih dulu)',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(testimonialListSchema, 'Paling banyak tiga ulasan') },
});

export const mine = endpoint({
  method: 'get',
  path: '/products/{id}/reviews/mine',
  tags,
  summary: 'Ulasan pelanggan untuk produk ini, dan apakah ia boleh mengulas',
  policy: CUSTOMER,
  request: { params: idParam },
  example: onProduct,
  responses: { 200: jsonAnswer(myReviewSchema, 'Ulasan sendiri'), 400: invalidAnswer, 404: productMissing },
});

export const create = endpoint({
  method: 'post',
  path: '/products/{id}/reviews',
  tags,
  summary: 'Tulis ulasan (pembeli yang pesanannya sudah diterima; satu per produk)',
  policy: CUSTOMER,
  request: { params: idParam, body: jsonBody(reviewInputSchema) },
  example: { ...onProduct, body: exampleReview },
  responses: {
    201: own,
    400: invalidAnswer,
    403: errorAnswer('Belum ada pesanan produk ini yang diterima (review_not_allowed)'),
    404: productMissing,
    409: errorAnswer('Produk ini sudah diulas (review_exists)'),
  },
});

export const update = endpoint({
  method: 'put',
  path: '/reviews/{id}',
  tags,
  summary: 'Ubah ulasan sendiri; ulasan kembali menunggu moderasi',
  policy: CUSTOMER,
  request: { params: idParam, body: jsonBody(reviewInputSchema) },
  example: { ...onReview, body: exampleReview },
  responses: { 200: own, 400: invalidAnswer, 404: reviewMissing },
});

/** The Worker sets the upload's own body limit (the photo and its smaller copies). */
export const uploadPhoto = endpoint({
  method: 'post',
  path: '/reviews/photos',
  tags,
  summary: 'Unggah foto ulasan',
  description:
    'Aturan foto produk: field `file`, paling besar 5 MB, JPEG/PNG/WebP/GIF/AVIF menurut isinya, dengan salinan WebP lebih kecil (`widths`, `w320`, `w720`) bila ada. Kirim `key` jawaban di `photos` ulasan.',
  policy: { ...CUSTOMER, upload: true },
  request: { body: fileBody },
  responses: {
    201: jsonAnswer(uploadedImageSchema, 'Foto tersimpan'),
    400: errorAnswer('Gambar tidak valid'),
    403: errorAnswer('Belum ada pesanan yang diterima (review_not_allowed)'),
    413: errorAnswer('Gambar terlalu besar'),
    415: errorAnswer('Bukan multipart/form-data'),
    429: errorAnswer('Terlalu banyak foto yang belum dipakai'),
  },
});

export const vote = endpoint({
  method: 'post',
  path: '/reviews/{id}/helpful',
  tags,
  summary: "Tandai ulasan terbit 'Membantu' (sekali per pelanggan)",
  policy: CUSTOMER,
  request: { params: idParam },
  example: onReview,
  responses: {
    200: jsonAnswer(z.object({ helpfulCount: z.number().int() }), 'Jumlah suara membantu'),
    403: errorAnswer('Ulasan sendiri'),
    404: reviewMissing,
  },
});

export const adminList = endpoint({
  method: 'get',
  path: '/admin/reviews',
  tags,
  summary: 'Ulasan per status (menunggu, terbit, disembunyikan), terbaru dikirim lebih dulu',
  policy: adminOnly('content'),
  request: { query: adminReviewQuerySchema },
  example: { query: { status: 'pending', page: '1', pageSize: '10', after: '2026-03-01T10:00:00.000Z~1' } },
  responses: {
    200: jsonAnswer(seekPageSchema(adminReviewSchema), 'Satu halaman ulasan'),
    400: invalidAnswer,
  },
});

export const publish = endpoint({
  method: 'post',
  path: '/admin/reviews/{id}/publish',
  tags,
  summary: 'Terbitkan ulasan',
  policy: adminOnly('content'),
  request: { params: idParam },
  example: onReview,
  responses: { 200: moderated, 404: reviewMissing },
});

export const hide = endpoint({
  method: 'post',
  path: '/admin/reviews/{id}/hide',
  tags,
  summary: 'Sembunyikan ulasan dengan alasan',
  policy: adminOnly('content'),
  request: { params: idParam, body: jsonBody(reviewHideSchema) },
  example: { ...onReview, body: { reason: 'Berisi nomor telepon' } },
  responses: { 200: moderated, 400: invalidAnswer, 404: reviewMissing },
});

export const reply = endpoint({
  method: 'put',
  path: '/admin/reviews/{id}/reply',
  tags,
  summary: 'Balasan toko yang tampil di bawah ulasan (null: hapus)',
  policy: adminOnly('content'),
  request: { params: idParam, body: jsonBody(reviewReplySchema) },
  example: { ...onReview, body: { reply: 'Terima kasih!' } },
  responses: { 200: moderated, 400: invalidAnswer, 404: reviewMissing },
});

// A review request email's link (decision 047): the form opens without signing in, for the
// customer and product the signed token names only.
const linkInvalid = errorAnswer('Tautan ulasan tidak berlaku atau kedaluwarsa (review_link_invalid)');
const exampleToken = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.tanda-tangan';

export const linkRead = endpoint({
  method: 'get',
  path: '/reviews/link',
  tags,
  summary: 'Produk yang diulas lewat tautan email, dan ulasan pelanggan itu',
  policy: PUBLIC_ACTION,
  request: { query: reviewLinkQuerySchema },
  example: { query: { token: exampleToken } },
  responses: {
    200: jsonAnswer(reviewLinkSchema, 'Produk, kelayakan dan ulasan pelanggan'),
    400: invalidAnswer,
    403: linkInvalid,
    404: productMissing,
  },
});

export const linkCreate = endpoint({
  method: 'post',
  path: '/reviews/link',
  tags,
  summary: 'Tulis ulasan lewat tautan email (tanpa masuk; fotonya diunggah dengan tautan yang sama)',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(reviewLinkInputSchema) },
  example: {
    body: {
      token: exampleToken,
      review: { rating: 5, body: exampleReview.body, wearTest: exampleReview.wearTest },
    },
  },
  responses: {
    201: own,
    400: invalidAnswer,
    403: errorAnswer('Tautan tidak berlaku, atau belum ada pesanan produk ini yang diterima'),
    404: productMissing,
    409: errorAnswer('Produk ini sudah diulas (review_exists)'),
  },
});

/** The upload of POST /reviews/photos, authorised by the link's token (form field `token`) instead of a session. */
export const linkUploadPhoto = endpoint({
  method: 'post',
  path: '/reviews/link/photos',
  tags,
  summary: 'Unggah foto ulasan lewat tautan email (paling banyak 3, untuk produk dan pelanggan tautan itu)',
  description:
    'Aturan foto produk seperti `POST /reviews/photos`, ditambah field `token` tautan ulasan. Foto hanya dapat dipakai ulasan produk yang disebut tautan itu.',
  policy: { ...PUBLIC_ACTION, upload: true },
  request: { body: fileBody },
  responses: {
    201: jsonAnswer(uploadedImageSchema, 'Foto tersimpan'),
    400: errorAnswer('Gambar tidak valid'),
    403: linkInvalid,
    404: productMissing,
    409: errorAnswer('Produk ini sudah diulas (review_exists)'),
    413: errorAnswer('Gambar terlalu besar'),
    415: errorAnswer('Bukan multipart/form-data'),
    429: errorAnswer('Sudah 3 foto diunggah lewat tautan ini'),
  },
});

/** The form's 'Hapus' through the link: the photo leaves the link's three, with its files. */
export const linkDeletePhoto = endpoint({
  method: 'delete',
  path: '/reviews/link/photos/{key}',
  tags,
  summary: 'Hapus foto yang diunggah lewat tautan email dan belum dipakai ulasan',
  policy: PUBLIC_ACTION,
  request: { params: reviewLinkPhotoParam, query: reviewLinkQuerySchema },
  example: {
    params: { key: '11111111-1111-4111-8111-111111111111.png' },
    query: { token: exampleToken },
  },
  responses: {
    204: { description: 'Terhapus' },
    400: invalidAnswer,
    403: linkInvalid,
    404: errorAnswer('Foto ulasan tidak ditemukan'),
  },
});
