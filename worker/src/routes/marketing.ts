import { BACK_IN_STOCK_EMAIL_NEEDED, unsubscribeLanding, unsubscribeQuerySchema } from '@gi/contracts';
import { marketing } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { verifyUnsubscribeToken } from '../auth/tokens.ts';
import { getDb } from '../db/client.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { policies, take } from '../lib/throttle.ts';
import { currentUser } from '../middleware/session.ts';
import { findUser } from '../services/auth.ts';
import { askBackInStock, unsubscribeMarketing } from '../services/back-in-stock.ts';

const BAD_LINK = 'Tautan berhenti berlangganan tidak valid';

/** 'Kabari Saya' and the unsubscribe link of marketing email (decision 042). */
export const marketingRoutes = createRouter()
  /**
   * A guest names the address; a signed-in customer is told at the account's. Counted per address
   * and per network before anything is read, so no crowd floods an inbox or the table.
   */
  .openapi(defineEndpoint(marketing.notify), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = getDb(c.env.DB);
    const auth = await currentUser(c);
    const account = auth ? await findUser(db, auth.userId) : undefined;
    const email = account?.email.toLowerCase() ?? body.email;
    if (!email) {
      throw new AppError(400, 'invalid_input', BACK_IN_STOCK_EMAIL_NEEDED, {
        email: BACK_IN_STOCK_EMAIL_NEEDED,
      });
    }
    await take(c.env.DB, [
      { policy: policies.backInStockEmail, subject: email },
      { policy: policies.backInStockClient, subject: clientIp(c.req.raw) },
    ]);
    const { answer, created } = await askBackInStock(db, {
      productId: id,
      variantId: body.variantId,
      email,
      userId: account?.id ?? null,
    });
    return created ? c.json(answer, 201) : c.json(answer, 200);
  })

  /** The link in the mail: whatever happened, the browser lands on the home page, which says it. */
  .openapi(defineEndpoint(marketing.unsubscribe), async (c) => {
    const query = unsubscribeQuerySchema.safeParse(c.req.query());
    const email = query.success ? await verifyUnsubscribeToken(query.data.token, c.env.JWT_SECRET) : null;
    if (email) await unsubscribeMarketing(getDb(c.env.DB), email);
    return c.redirect(unsubscribeLanding(email ? 'berhenti' : 'tidak-valid'), 303);
  })

  /** The mail program's one-click POST (RFC 8058) to the same link; its form body says nothing more. */
  .openapi(defineEndpoint(marketing.unsubscribeOneClick), async (c) => {
    const email = await verifyUnsubscribeToken(c.req.valid('query').token, c.env.JWT_SECRET);
    if (!email) throw new AppError(400, 'invalid_token', BAD_LINK);
    await unsubscribeMarketing(getDb(c.env.DB), email);
    return c.json({ ok: true as const }, 200);
  });
