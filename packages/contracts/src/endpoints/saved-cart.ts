import {
  marketingConsentInputSchema,
  marketingConsentSchema,
  savedCartInputSchema,
  savedCartSchema,
} from '../schemas/saved-cart.ts';
import { CUSTOMER, EXAMPLE_IDS, endpoint, invalidAnswer, jsonAnswer, jsonBody } from './define.ts';

// Saved carts and marketing consent (issue 40, decision 050): the signed-in customer's own only.

const tags = ['Keranjang'];
const cart = jsonAnswer(savedCartSchema, 'Keranjang pelanggan dengan harga dan stok terkini');
const example = { body: { lines: [{ variantId: EXAMPLE_IDS.variant, quantity: 2 }] } };

export const read = endpoint({
  method: 'get',
  path: '/cart',
  tags,
  summary: 'Keranjang pelanggan yang tersimpan di server',
  policy: CUSTOMER,
  responses: { 200: cart },
});

export const replace = endpoint({
  method: 'put',
  path: '/cart',
  tags,
  summary: 'Simpan keranjang pelanggan (menggantikan yang tersimpan)',
  description:
    'Hanya ukuran dan jumlah: harga selalu dibaca server. Ukuran yang tidak ada diabaikan; jumlah dibatasi maksimal per pesanan ukurannya.',
  policy: CUSTOMER,
  request: { body: jsonBody(savedCartInputSchema) },
  example,
  responses: { 200: cart, 400: invalidAnswer },
});

export const merge = endpoint({
  method: 'post',
  path: '/cart/merge',
  tags,
  summary: 'Gabungkan keranjang peramban dengan yang tersimpan saat masuk',
  description:
    'Per ukuran diambil jumlah terbesar dari keduanya (bukan dijumlahkan), sehingga menggabungkan keranjang yang sama dua kali tidak mengubah apa pun. Urutan: baris tersimpan lebih dulu, lalu baris baru dari peramban, maksimal 30.',
  policy: CUSTOMER,
  request: { body: jsonBody(savedCartInputSchema) },
  example,
  responses: { 200: cart, 400: invalidAnswer },
});

export const consent = endpoint({
  method: 'get',
  path: '/marketing/consent',
  tags: ['Pemasaran'],
  summary: 'Persetujuan pelanggan menerima email pemasaran (pengingat keranjang, promo)',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(marketingConsentSchema, 'Persetujuan saat ini') },
});

export const setConsent = endpoint({
  method: 'put',
  path: '/marketing/consent',
  tags: ['Pemasaran'],
  summary: 'Beri atau tarik persetujuan email pemasaran',
  description:
    'Memberi persetujuan mencatat waktunya dan mengeluarkan email akun dari daftar berhenti berlangganan; menariknya menghapus persetujuan.',
  policy: CUSTOMER,
  request: { body: jsonBody(marketingConsentInputSchema) },
  example: { body: { consent: true } },
  responses: { 200: jsonAnswer(marketingConsentSchema, 'Persetujuan setelah diubah'), 400: invalidAnswer },
});
