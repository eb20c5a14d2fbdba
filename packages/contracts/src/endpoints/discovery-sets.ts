import { z } from 'zod';
import { setComponentsInputSchema, setComponentsSchema } from '../schemas/discovery-sets.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

// Discovery sets (issue 41, decision 061): the admin composes a size of sample sizes of other
// products on the product's size form.

const tags = ['Set Discovery'];
const params = z.object({ variantId: z.string().min(1).max(64) });
const missing = errorAnswer('Ukuran tidak ditemukan');

export const components = endpoint({
  method: 'get',
  path: '/admin/variants/{variantId}/components',
  tags,
  summary: 'Isi set discovery satu ukuran (kosong: ukuran biasa) dan stok set yang tampil di toko',
  policy: adminOnly('prices-stock'),
  request: { params },
  example: { params: { variantId: EXAMPLE_IDS.variant } },
  responses: { 200: jsonAnswer(setComponentsSchema, 'Isi set'), 400: invalidAnswer, 404: missing },
});

export const compose = endpoint({
  method: 'put',
  path: '/admin/variants/{variantId}/components',
  tags,
  summary: 'Menyusun set discovery dari ukuran sampel produk lain (daftar kosong: kembali ukuran biasa)',
  policy: adminOnly('prices-stock'),
  request: { params, body: jsonBody(setComponentsInputSchema) },
  example: { params: { variantId: EXAMPLE_IDS.variant }, body: { components: [] } },
  responses: {
    200: jsonAnswer(setComponentsSchema, 'Isi set tersimpan'),
    400: invalidAnswer,
    404: missing,
    409: errorAnswer('Ukuran ini sudah menjadi isi set lain'),
    422: errorAnswer('Isi set tidak dapat dipakai'),
  },
});
