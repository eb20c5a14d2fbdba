import { settings } from '@gi/contracts/endpoints';
import { sql } from 'drizzle-orm';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { readPaymentSettings, writePaymentSettings } from '../lib/payment-settings.ts';
import { readSiteSettings } from '../services/settings.ts';

export const settingsRoutes = createRouter()
  .openapi(defineEndpoint(settings.read), async (c) => c.json(await readSiteSettings(getDb(c.env.DB)), 200))

  .openapi(defineEndpoint(settings.readPayment), async (c) => {
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
  .openapi(defineEndpoint(settings.patch), async (c) => {
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
  .openapi(defineEndpoint(settings.adminReadPayment), async (c) =>
    c.json(await readPaymentSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(settings.savePayment), async (c) => {
    const saved = c.req.valid('json');
    await writePaymentSettings(getDb(c.env.DB), saved);
    return c.json(saved, 200);
  });
