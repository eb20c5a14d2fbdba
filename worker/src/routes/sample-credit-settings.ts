import { sampleCredits } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { readSampleCreditSettings, writeSampleCreditSettings } from '../settings/rows.ts';

// 'Kredit Sampel''s offer (decision 061 part B): read by the product page's hint and checkout, set by
// the admin. The save writes `site_settings`, whose triggers move the edge cache's key.
export const sampleCreditSettingsRoutes = createRouter()
  .openapi(defineEndpoint(sampleCredits.readSettings), async (c) =>
    c.json(await readSampleCreditSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(sampleCredits.saveSettings), async (c) => {
    const saved = c.req.valid('json');
    await writeSampleCreditSettings(getDb(c.env.DB), saved, c.get('auth')?.userId as string);
    return c.json(saved, 200);
  });
