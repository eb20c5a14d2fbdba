import {
  type CourierSettings,
  courierSettingsSchema,
  type GatewaySettings,
  type GiftWrapSettings,
  gatewaySettingsSchema,
  giftWrapSettingsSchema,
  type InvoiceSettings,
  invoiceSettingsSchema,
  lowStockThresholdSchema,
  type PaymentSettings,
  type PublicPaymentSettings,
  paymentSettingsSchema,
  type SampleCreditSettings,
  type SiteSettings,
  sampleCreditSettingsSchema,
  siteSettingsSchema,
} from '@gi/contracts';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import {
  COURIER_SETTINGS_KEY,
  defaultGatewaySettings,
  defaultPaymentSettings,
  defaultSiteSettings,
  PAYMENT_SETTINGS_KEY,
} from '../seed/content-defaults.ts';
import {
  readSetting,
  readSettings,
  removeSetting,
  type Setting,
  saveAudited,
  writeSetting,
  writeSettings,
} from './store.ts';

// Every setting the admin saves, each a `site_settings` row read and written by store.ts. The
// keys share the table (rows.test.ts holds them apart); the admin-only ones stay out of the
// public GET /api/settings, which reads the site's fields only.

/**
 * Hero, about and contact content (product.md §10.5): one row per field, so two admins editing
 * different parts at once both keep their edits (decision 007), and a field added later shows
 * its default until the admin saves it.
 */
const siteFields = Object.fromEntries(
  (Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[]).map((key): [string, Setting<unknown>] => [
    key,
    { key, schema: siteSettingsSchema.shape[key], fallback: defaultSiteSettings[key] },
  ]),
) as Record<keyof SiteSettings, Setting<unknown>>;

export const readSiteSettings = (db: Db) => readSettings(db, siteFields) as Promise<SiteSettings>;

/** Only the fields sent (each editor sends what it changed), by the staff member `actorId`. */
export async function saveSiteSettings(
  db: Db,
  changes: Partial<SiteSettings>,
  actorId: string,
): Promise<void> {
  const sent = Object.keys(changes).filter((key) => changes[key as keyof SiteSettings] !== undefined);
  const stored = await readSettings(
    db,
    Object.fromEntries(sent.map((key) => [key, siteFields[key as keyof SiteSettings]])),
  );
  await saveAudited(db, actorId, 'site', stored, changes, [writeSettings(db, siteFields, changes)]);
}

/** One setting saved whole by the staff member `actorId`, with its audit row. */
async function saveSetting<T>(db: Db, setting: Setting<T>, value: T, actorId: string): Promise<void> {
  const stored = await readSetting(db, setting);
  await saveAudited(db, actorId, setting.key, stored, value, [writeSetting(db, setting, value)]);
}

/** Transfer accounts, the time to pay, QRIS and the shop's notices (decision 015): saved whole. */
const payment: Setting<PaymentSettings> = {
  key: PAYMENT_SETTINGS_KEY,
  schema: paymentSettingsSchema,
  fallback: defaultPaymentSettings,
};

export const readPaymentSettings = (db: Db) => readSetting(db, payment);
export const writePaymentSettings = (db: Db, value: PaymentSettings, actorId: string) =>
  saveSetting(db, payment, value, actorId);

/** What a buyer needs to pay: not the shop's notice address nor its limits on unpaid orders. */
export async function readBuyerPaymentSettings(db: Db): Promise<PublicPaymentSettings> {
  const {
    notificationEmail: _private,
    unpaidOrdersPerCustomer: _customer,
    unpaidOrdersPerClient: _client,
    ...buyer
  } = await readPaymentSettings(db);
  return buyer;
}

/** The gateway's channels, the manual transfer and cash on delivery (decisions 026, 034). */
const gateway: Setting<GatewaySettings> = {
  key: 'payment_gateway',
  schema: gatewaySettingsSchema,
  fallback: defaultGatewaySettings,
};

export const readGatewaySettings = (db: Db) => readSetting(db, gateway);
export const writeGatewaySettings = (db: Db, value: GatewaySettings, actorId: string) =>
  saveSetting(db, gateway, value, actorId);

/** The live-rate setup (decision 032); null until the admin saves one (checkout then uses the zones). */
const courier: Setting<CourierSettings | null> = {
  key: COURIER_SETTINGS_KEY,
  schema: courierSettingsSchema.nullable(),
  fallback: null,
};

export const readCourierSettings = (db: Db) => readSetting(db, courier);
export const writeCourierSettings = (db: Db, value: CourierSettings, actorId: string) =>
  saveSetting(db, courier, value, actorId);

/** The zones' free-shipping threshold (integer rupiah); null: none, and saving none deletes the row. */
const freeShipping: Setting<number | null> = {
  key: 'shippingFreeThreshold',
  schema: z.number().int().min(0).nullable(),
  fallback: null,
};

export const readFreeShippingThreshold = (db: Db) => readSetting(db, freeShipping);
/** The statement of the zones' save, whose batch records it (shipping/zones.ts). */
export const writeFreeShippingThreshold = (db: Db, value: number | null) =>
  value === null ? removeSetting(db, freeShipping) : writeSetting(db, freeShipping, value);

/** The dashboard's low-stock line: sizes at or below it are listed. */
const lowStock: Setting<number> = {
  key: 'lowStockThreshold',
  schema: lowStockThresholdSchema.shape.threshold,
  fallback: 5,
};

export const readLowStockThreshold = (db: Db) => readSetting(db, lowStock);
export const writeLowStockThreshold = (db: Db, value: number, actorId: string) =>
  saveSetting(db, lowStock, value, actorId);

/** 'Biaya bungkus kado' (decision 045): off until the admin offers it; fee 0 wraps for free. */
const giftWrap: Setting<GiftWrapSettings> = {
  key: 'giftWrap',
  schema: giftWrapSettingsSchema,
  fallback: { enabled: false, fee: 0 },
};

export const readGiftWrapSettings = (db: Db) => readSetting(db, giftWrap);
export const writeGiftWrapSettings = (db: Db, value: GiftWrapSettings, actorId: string) =>
  saveSetting(db, giftWrap, value, actorId);

/** 'Kredit Sampel' (decision 061 part B): off until the admin offers it; days from delivery. */
const sampleCredit: Setting<SampleCreditSettings> = {
  key: 'sampleCredit',
  schema: sampleCreditSettingsSchema,
  fallback: { enabled: false, validDays: 60 },
};

export const readSampleCreditSettings = (db: Db) => readSetting(db, sampleCredit);
export const writeSampleCreditSettings = (db: Db, value: SampleCreditSettings, actorId: string) =>
  saveSetting(db, sampleCredit, value, actorId);

/**
 * 'Faktur' (decision 057): the seller on invoices and shipping labels; null until the admin saves
 * it (the documents then print the shop's name and contact address, no NPWP, prices with PPN).
 */
const invoice: Setting<InvoiceSettings | null> = {
  key: 'invoice',
  schema: invoiceSettingsSchema.nullable(),
  fallback: null,
};

export const readInvoiceSettings = (db: Db) => readSetting(db, invoice);
export const writeInvoiceSettings = (db: Db, value: InvoiceSettings) => writeSetting(db, invoice, value);

/** Every row's key, for the test that no two settings share one. */
export const settingKeys = [
  ...Object.values(siteFields).map((field) => field.key),
  ...[payment, gateway, courier, freeShipping, lowStock, giftWrap, sampleCredit, invoice].map(
    (setting) => setting.key,
  ),
];
