import {
  BACK_IN_STOCK_EMAIL_NEEDED,
  UNSUBSCRIBE_CONFIRM_FIELD,
  unsubscribeLanding,
  unsubscribeQuerySchema,
} from '@gi/contracts';
import { marketing } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { verifyUnsubscribeToken } from '../auth/tokens.ts';
import { getDb } from '../db/client.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { policies, take } from '../lib/throttle.ts';
import { currentUser } from '../middleware/session.ts';
import { unsubscribePage } from '../pages/unsubscribe-page.ts';
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

  /**
   * The link in the mail asks before it acts: a GET changes nothing, as mail scanners that open
   * every link would otherwise unsubscribe their readers. A bad link lands on the home page's notice.
   */
  .openapi(defineEndpoint(marketing.unsubscribe), async (c) => {
    const query = unsubscribeQuerySchema.safeParse(c.req.query());
    const email = query.success ? await verifyUnsubscribeToken(query.data.token, c.env.JWT_SECRET) : null;
    if (!email || !query.success) return c.redirect(unsubscribeLanding('tidak-valid'), 303);
    const page = await unsubscribePage(email, query.data.token);
    c.set('inlineStyles', [page.styleHash]);
    c.header('Cache-Control', 'no-store');
    return c.html(page.html, 200);
  })

  /**
   * The unsubscribe: the mail program's one-click POST (RFC 8058, whose form body says nothing
   * more) answers JSON; the confirmation page's form lands on the home page, which says it.
   */
  .openapi(defineEndpoint(marketing.unsubscribeOneClick), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fromPage = UNSUBSCRIBE_CONFIRM_FIELD in form;
    const email = await verifyUnsubscribeToken(c.req.valid('query').token, c.env.JWT_SECRET);
    if (email) await unsubscribeMarketing(getDb(c.env.DB), email);
    if (fromPage) return c.redirect(unsubscribeLanding(email ? 'berhenti' : 'tidak-valid'), 303);
    if (!email) throw new AppError(400, 'invalid_token', BAD_LINK);
    return c.json({ ok: true as const }, 200);
  });
