import { sampleCredits } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { previewSampleCredits } from '../checkout/sample-credits.ts';
import { getDb, nowIso } from '../db/client.ts';
import { creditsOfUser } from '../services/sample-credits.ts';

// 'Kredit Sampel' (decision 061 part B), the customer's side: their credits ('Akun Saya') and what
// checkout would apply. The admin's offer (readSettings, saveSettings) has its own router.
export const sampleCreditRoutes = createRouter()
  /** The signed-in customer's credits, newest first, a page at a time (keyset). */
  .openapi(defineEndpoint(sampleCredits.mine), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { cursor } = c.req.valid('query');
    return c.json(await creditsOfUser(getDb(c.env.DB), userId, cursor, nowIso()), 200);
  })
  /** Checkout's figure: the credits these lines would take, before the page's cap. */
  .openapi(defineEndpoint(sampleCredits.preview), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { items } = c.req.valid('json');
    return c.json(await previewSampleCredits(getDb(c.env.DB), userId, items), 200);
  });
