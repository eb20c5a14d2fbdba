import {
  type PublicPaymentSettings,
  paymentSettingsSchema,
  type SiteSettings,
  siteSettingsPatchSchema,
  siteSettingsSchema,
} from '@gi/contracts';
import { inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readPaymentSettings, writePaymentSettings } from '../lib/payment-settings.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { defaultSiteSettings } from '../seed/content-defaults.ts';

// One site_settings row per field, so a field added later shows its default until
// the admin saves it, and a stored value that no longer validates falls back too.
const settingKeys = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[];

/** Hero, about and contact content (product.md §10.5): on the server, so every visitor sees the admin's edits. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, settingKeys));
  const settings: Record<string, unknown> = { ...defaultSiteSettings };
  for (const { key, value } of rows) {
    const parsed = siteSettingsSchema.shape[key as keyof SiteSettings].safeParse(JSON.parse(value));
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as SiteSettings;
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await readSiteSettings(getDb(c.env.DB))))

  /** What a buyer needs to pay: the accounts, the window and the QRIS picture (not the shop's inbox). */
  .get('/payment', async (c) => {
    const {
      notificationEmail: _private,
      unpaidOrdersPerCustomer: _customer,
      unpaidOrdersPerClient: _client,
      ...buyer
    } = await readPaymentSettings(getDb(c.env.DB));
    return c.json(buyer satisfies PublicPaymentSettings);
  })

  /**
   * Only the fields sent (each editor sends what it changed): one row per field, so two
   * admins editing different parts at once both keep their edits (decision 007).
   */
  .patch('/', requireAdmin, validate('json', siteSettingsPatchSchema), async (c) => {
    const changes = Object.entries(c.req.valid('json')).filter(([, value]) => value !== undefined);
    const db = getDb(c.env.DB);
    await db
      .insert(siteSettings)
      .values(changes.map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: sql`excluded.value`, updatedAt: nowIso() },
      });
    return c.json(await readSiteSettings(db));
  });

/** The admin's payment settings (decision 015): saved whole. */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/payment', async (c) => c.json(await readPaymentSettings(getDb(c.env.DB))))
  .put('/payment', validate('json', paymentSettingsSchema), async (c) => {
    const settings = c.req.valid('json');
    await writePaymentSettings(getDb(c.env.DB), settings);
    return c.json(settings);
  });
