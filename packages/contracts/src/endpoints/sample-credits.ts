import {
  sampleCreditPageSchema,
  sampleCreditPreviewInputSchema,
  sampleCreditPreviewSchema,
  sampleCreditSettingsSchema,
  sampleCreditsQuerySchema,
} from '../schemas/sample-credits.ts';
import {
  adminOnly,
  CUSTOMER,
  EXAMPLE_IDS,
  endpoint,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  SHARED_READ,
} from './define.ts';

// 'Kredit Sampel' (issue 41, decision 061 part B): the customer's credits, what checkout would
// apply, and the admin's offer. POST /api/orders applies the credits itself.

const tags = ['Kredit Sampel'];
const settings = jsonAnswer(
  sampleCreditSettingsSchema,
  'Kredit Sampel: diberikan atau tidak, dan masa berlakunya',
);

export const mine = endpoint({
  method: 'get',
  path: '/sample-credits',
  tags,
  summary: 'Kredit Sampel pelanggan, terbaru lebih dulu, satu halaman per kursor',
  policy: CUSTOMER,
  request: { query: sampleCreditsQuerySchema },
  example: { query: {} },
  responses: { 200: jsonAnswer(sampleCreditPageSchema, 'Satu halaman Kredit Sampel'), 400: invalidAnswer },
});

export const preview = endpoint({
  method: 'post',
  path: '/sample-credits/preview',
  tags,
  summary: 'Kredit Sampel yang akan dipakai untuk isi keranjang ini (sebelum dibatasi total barang)',
  policy: CUSTOMER,
  request: { body: jsonBody(sampleCreditPreviewInputSchema) },
  example: {
    body: { items: [{ productId: EXAMPLE_IDS.product, variantId: EXAMPLE_IDS.variant, quantity: 1 }] },
  },
  responses: { 200: jsonAnswer(sampleCreditPreviewSchema, 'Kredit yang cocok'), 400: invalidAnswer },
});

export const readSettings = endpoint({
  method: 'get',
  path: '/sample-credit',
  tags,
  summary: 'Apakah sampel dan set discovery memberi Kredit Sampel, dan berapa hari berlakunya',
  policy: SHARED_READ,
  responses: { 200: settings },
});

export const saveSettings = endpoint({
  method: 'put',
  path: '/admin/settings/sample-credit',
  tags,
  summary: "Simpan 'Kredit Sampel': diberikan atau tidak, dan masa berlakunya sejak pesanan diterima",
  policy: adminOnly('settings'),
  request: { body: jsonBody(sampleCreditSettingsSchema) },
  example: { body: { enabled: true, validDays: 60 } },
  responses: { 200: settings, 400: invalidAnswer },
});
