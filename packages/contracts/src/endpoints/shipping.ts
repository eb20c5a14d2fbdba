import { z } from 'zod';
import { shippingQuoteSchema } from '../schemas/orders.ts';
import {
  courierSettingsAnswerSchema,
  courierSettingsSchema,
  shippingConfigInputSchema,
  shippingConfigSchema,
  shippingQuoteAnswerSchema,
} from '../schemas/shipping.ts';
import {
  adminOnly,
  EXAMPLE_ADDRESS,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  PUBLIC_ACTION,
  SHARED_READ,
} from './define.ts';

const tags = ['Pengiriman'];
const config = jsonAnswer(shippingConfigSchema, 'Zona, layanan dan batas gratis ongkir');

export const read = endpoint({
  method: 'get',
  path: '/shipping',
  tags,
  summary: 'Zona, layanan dan batas gratis ongkir (halaman pengiriman dan editor admin)',
  policy: SHARED_READ,
  responses: { 200: config },
});

export const quote = endpoint({
  method: 'post',
  path: '/shipping/quote',
  tags,
  summary: 'Layanan untuk satu alamat dan keranjang, dihitung server seperti pesanannya nanti',
  description:
    'Tarif kurir langsung (berat paket dari data ukuran produk, kode pos asal dan tujuan) bila diaktifkan admin dan agregator menjawab; selain itu tarif zona toko, dengan pemberitahuan bila tarif kurir gagal. Batas gratis ongkir berlaku juga untuk tarif kurir.',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(shippingQuoteSchema) },
  example: {
    body: {
      districtCode: '31.71.01',
      items: [{ productId: EXAMPLE_IDS.product, variantId: EXAMPLE_IDS.variant, quantity: 2 }],
    },
  },
  responses: {
    200: jsonAnswer(shippingQuoteAnswerSchema, 'Pilihan pengiriman'),
    400: errorAnswer('Data tidak valid, kecamatan atau produk tidak ditemukan'),
    422: errorAnswer(
      'Alamat di luar zona pengiriman, atau kode pos bukan milik kecamatan itu menurut pencarian area agregator kurir (bila tarif kurir langsung aktif)',
    ),
  },
});

export const save = endpoint({
  method: 'put',
  path: '/admin/shipping',
  tags,
  summary: 'Simpan zona, layanan dan batas gratis ongkir',
  policy: adminOnly('settings'),
  request: { body: jsonBody(shippingConfigInputSchema) },
  example: {
    body: {
      zones: [
        {
          name: 'Pulau Jawa',
          areaCodes: ['31', '32', '32.71'],
          services: [{ name: 'Reguler', baseFee: 20_000, perItemFee: 3_000, etaMinDays: 2, etaMaxDays: 3 }],
        },
      ],
      freeShippingThreshold: 1_000_000,
    },
  },
  responses: { 200: config, 400: invalidAnswer },
});

const courierSettings = jsonAnswer(courierSettingsAnswerSchema, 'Tarif kurir langsung');

export const readCourier = endpoint({
  method: 'get',
  path: '/admin/shipping/courier',
  tags,
  summary: 'Tarif kurir langsung: aktif, asal pengiriman, berat kemasan, kurir; apakah kunci API terpasang',
  policy: adminOnly('settings'),
  responses: { 200: courierSettings },
});

export const saveCourier = endpoint({
  method: 'put',
  path: '/admin/shipping/courier',
  tags,
  summary: 'Simpan tarif kurir langsung; wilayah asal harus ada dan saling berurutan',
  policy: adminOnly('settings'),
  request: { body: jsonBody(courierSettingsSchema) },
  example: {
    body: { enabled: true, origin: EXAMPLE_ADDRESS, packagingWeightGrams: 100, couriers: ['jne', 'sicepat'] },
  },
  responses: { 200: courierSettings, 400: invalidAnswer },
});

/**
 * Biteship's webhooks (order.status, order.waybill_id, order.price), server to server (no
 * session, no Origin). Biteship signs nothing: the body only names the shipment, which the
 * handler reads again from Biteship's API before acting. Its body limit is the Worker's.
 */
export const biteshipWebhook = endpoint({
  method: 'post',
  path: '/shipping/biteship/webhook',
  tags,
  summary: 'Webhook Biteship (server ke server; hanya petunjuk, status dicek lagi ke API Biteship)',
  policy: { access: 'webhook', cache: 'private', d1: 'primary' },
  example: { body: { event: 'order.status', order_id: '5dd6da88f43bd430ecd5aa2e', status: 'picked' } },
  responses: {
    200: jsonAnswer(
      z.object({ ok: z.literal(true), result: z.enum(['applied', 'ignored']) }),
      'Tercatat, atau tidak ada yang perlu diubah (termasuk pemeriksaan pemasangan webhook)',
    ),
    404: errorAnswer('Pengiriman otomatis tidak aktif'),
    413: errorAnswer('Data terlalu besar'),
    429: errorAnswer('Terlalu banyak pemberitahuan untuk satu pengiriman; kirim ulang nanti'),
    503: errorAnswer('Layanan kurir tidak dapat dihubungi; kirim ulang nanti'),
  },
});
