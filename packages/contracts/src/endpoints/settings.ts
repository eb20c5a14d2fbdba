import { siteSettingsPatchSchema, siteSettingsSchema } from '../schemas/content.ts';
import {
  paymentSettingsAnswerSchema,
  paymentSettingsSchema,
  publicPaymentSettingsSchema,
} from '../schemas/payments.ts';
import { ADMIN, endpoint, invalidAnswer, jsonAnswer, jsonBody, SHARED_READ } from './define.ts';

const tags = ['Pengaturan'];
const settings = jsonAnswer(siteSettingsSchema, 'Isi hero, about dan kontak');
const payment = jsonAnswer(paymentSettingsAnswerSchema, 'Pengaturan pembayaran');

export const read = endpoint({
  method: 'get',
  path: '/settings',
  tags,
  summary: 'Isi hero, about dan kontak toko',
  policy: SHARED_READ,
  responses: { 200: settings },
});

export const readPayment = endpoint({
  method: 'get',
  path: '/settings/payment',
  tags,
  summary: 'Yang dibutuhkan pembeli untuk membayar: rekening, batas waktu dan gambar QRIS',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(publicPaymentSettingsSchema, 'Cara membayar') },
});

export const patch = endpoint({
  method: 'patch',
  path: '/settings',
  tags,
  summary: 'Simpan kolom yang dikirim saja (tiap editor mengirim yang ia ubah)',
  policy: ADMIN,
  request: { body: jsonBody(siteSettingsPatchSchema) },
  responses: { 200: settings, 400: invalidAnswer },
});

export const adminReadPayment = endpoint({
  method: 'get',
  path: '/admin/settings/payment',
  tags,
  summary: 'Pengaturan pembayaran lengkap (admin)',
  policy: ADMIN,
  responses: { 200: payment },
});

export const savePayment = endpoint({
  method: 'put',
  path: '/admin/settings/payment',
  tags,
  summary: 'Simpan pengaturan pembayaran',
  policy: ADMIN,
  request: { body: jsonBody(paymentSettingsSchema) },
  responses: { 200: payment, 400: invalidAnswer },
});
