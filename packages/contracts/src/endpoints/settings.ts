import { siteSettingsPatchSchema, siteSettingsSchema } from '../schemas/content.ts';
import {
  paymentSettingsAnswerSchema,
  paymentSettingsSchema,
  publicPaymentSettingsSchema,
} from '../schemas/payments.ts';
import { adminOnly, endpoint, invalidAnswer, jsonAnswer, jsonBody, SHARED_READ } from './define.ts';

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
  policy: adminOnly('content'),
  request: { body: jsonBody(siteSettingsPatchSchema) },
  example: {
    body: {
      aboutTitle: 'Tentang Kami',
      aboutParagraph1: 'Kami meracik parfum sejak 1998.',
      aboutParagraph2: 'Setiap botol diisi di Jakarta.',
      contactAddress: 'Jl. Melati No. 1, Jakarta Pusat',
      contactPhone1: '021-555-0100',
      contactPhone2: '',
      contactWhatsapp: '0812-3456-7890',
      contactEmail: 'halo@contoh.id',
      hoursHome: [{ days: 'Senin - Jumat', hours: '09.00 - 17.00' }],
      hoursContact: [{ days: 'Senin - Jumat', hours: '09.00 - 17.00' }],
    },
  },
  responses: { 200: settings, 400: invalidAnswer },
});

export const adminReadPayment = endpoint({
  method: 'get',
  path: '/admin/settings/payment',
  tags,
  summary: 'Pengaturan pembayaran lengkap (admin)',
  policy: adminOnly('payment-settings'),
  responses: { 200: payment },
});

export const savePayment = endpoint({
  method: 'put',
  path: '/admin/settings/payment',
  tags,
  summary: 'Simpan pengaturan pembayaran',
  policy: adminOnly('payment-settings'),
  request: { body: jsonBody(paymentSettingsSchema) },
  example: {
    body: {
      bankAccounts: [{ bank: 'BCA', accountNumber: '542-501-7788', holder: 'PT Global Imperium' }],
      paymentWindowHours: 24,
      qrisImage: '/images/uji.webp',
      notificationEmail: 'pesanan@contoh.id',
      unpaidOrdersPerCustomer: 3,
      unpaidOrdersPerClient: 20,
    },
  },
  responses: { 200: payment, 400: invalidAnswer },
});
