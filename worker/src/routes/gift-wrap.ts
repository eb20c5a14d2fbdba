import { gifts } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { readGiftWrapSettings, writeGiftWrapSettings } from '../settings/rows.ts';

// Gift wrapping's offer (decision 045): read by checkout, set by the admin ('Biaya bungkus kado').
export const giftWrapRoutes = createRouter()
  .openapi(defineEndpoint(gifts.readWrap), async (c) =>
    c.json(await readGiftWrapSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(gifts.saveWrap), async (c) => {
    const saved = c.req.valid('json');
    await writeGiftWrapSettings(getDb(c.env.DB), saved, c.get('auth')?.userId as string);
    return c.json(saved, 200);
  });
