import { settings } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import {
  readBuyerPaymentSettings,
  readPaymentSettings,
  readSiteSettings,
  saveSiteSettings,
  writePaymentSettings,
} from '../settings/rows.ts';

export const settingsRoutes = createRouter()
  .openapi(defineEndpoint(settings.read), async (c) => c.json(await readSiteSettings(getDb(c.env.DB)), 200))

  .openapi(defineEndpoint(settings.readPayment), async (c) =>
    c.json(await readBuyerPaymentSettings(getDb(c.env.DB)), 200),
  )

  .openapi(defineEndpoint(settings.patch), async (c) => {
    const db = getDb(c.env.DB);
    await saveSiteSettings(db, c.req.valid('json'), c.get('auth')?.userId as string);
    return c.json(await readSiteSettings(db), 200);
  });

/** The admin's payment settings (decision 015): saved whole. */
export const adminSettingsRoutes = createRouter()
  .openapi(defineEndpoint(settings.adminReadPayment), async (c) =>
    c.json(await readPaymentSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(settings.savePayment), async (c) => {
    const saved = c.req.valid('json');
    await writePaymentSettings(getDb(c.env.DB), saved, c.get('auth')?.userId as string);
    return c.json(saved, 200);
  });
