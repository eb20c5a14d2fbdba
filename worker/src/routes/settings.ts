import {
  paymentSettingsAnswerSchema,
  paymentSettingsSchema,
  publicPaymentSettingsSchema,
  siteSettingsPatchSchema,
  siteSettingsSchema,
} from '@gi/contracts';
import { sql } from 'drizzle-orm';
import { createRouter, defineEndpoint, invalidAnswer, jsonAnswer, jsonBody } from '../api/endpoint.ts';
import { ADMIN, SHARED_READ } from '../api/policy.ts';
import { getDb, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { readPaymentSettings, writePaymentSettings } from '../lib/payment-settings.ts';
import { readSiteSettings } from '../services/settings.ts';

const tags = ['Pengaturan'];
const settings = jsonAnswer(siteSettingsSchema, 'Isi hero, about dan kontak');
const payment = jsonAnswer(paymentSettingsAnswerSchema, 'Pengaturan pembayaran');

const read = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Isi hero, about dan kontak toko',
  policy: SHARED_READ,
  responses: { 200: settings },
});
const readPayment = defineEndpoint({
  method: 'get',
  path: '/payment',
  tags,
  summary: 'Yang dibutuhkan pembeli untuk membayar: rekening, batas waktu dan gambar QRIS',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(publicPaymentSettingsSchema, 'Cara membayar') },
});
const patch = defineEndpoint({
  method: 'patch',
  path: '/',
  tags,
  summary: 'Simpan kolom yang dikirim saja (tiap editor mengirim yang ia ubah)',
  policy: ADMIN,
  request: { body: jsonBody(siteSettingsPatchSchema) },
  responses: { 200: settings, 400: invalidAnswer },
});
const adminReadPayment = defineEndpoint({
  method: 'get',
  path: '/payment',
  tags,
  summary: 'Pengaturan pembayaran lengkap (admin)',
  policy: ADMIN,
  responses: { 200: payment },
});
const savePayment = defineEndpoint({
  method: 'put',
  path: '/payment',
  tags,
  summary: 'Simpan pengaturan pembayaran',
  policy: ADMIN,
  request: { body: jsonBody(paymentSettingsSchema) },
  responses: { 200: payment, 400: invalidAnswer },
});

export const settingsRoutes = createRouter()
  .openapi(read, async (c) => c.json(await readSiteSettings(getDb(c.env.DB)), 200))

  .openapi(readPayment, async (c) => {
    const {
      notificationEmail: _private,
      unpaidOrdersPerCustomer: _customer,
      unpaidOrdersPerClient: _client,
      ...buyer
    } = await readPaymentSettings(getDb(c.env.DB));
    return c.json(buyer, 200);
  })

  /**
   * Only the fields sent (each editor sends what it changed): one row per field, so two
   * admins editing different parts at once both keep their edits (decision 007).
   */
  .openapi(patch, async (c) => {
    const changes = Object.entries(c.req.valid('json')).filter(([, value]) => value !== undefined);
    const db = getDb(c.env.DB);
    await db
      .insert(siteSettings)
      .values(changes.map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: sql`excluded.value`, updatedAt: nowIso() },
      });
    return c.json(await readSiteSettings(db), 200);
  });

/** The admin's payment settings (decision 015): saved whole. */
export const adminSettingsRoutes = createRouter()
  .openapi(adminReadPayment, async (c) => c.json(await readPaymentSettings(getDb(c.env.DB)), 200))
  .openapi(savePayment, async (c) => {
    const saved = c.req.valid('json');
    await writePaymentSettings(getDb(c.env.DB), saved);
    return c.json(saved, 200);
  });
