import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { jsonBodyLimit } from './api/body-limit.ts';
import { createRouter } from './api/endpoint.ts';
import { serveOpenApi } from './api/openapi.ts';
import { cacheHeaders, endpointPolicy } from './api/policy.ts';
import { getDb } from './db/client.ts';
import type { AppEnv } from './env.ts';
import { cleanupTables } from './lib/cleanup.ts';
import { errorBody, handleError } from './lib/errors.ts';
import { type CronJob, watched, watchMail } from './lib/incidents.ts';
import { sweepOutbox } from './lib/outbox.ts';
import { d1Session } from './middleware/d1-session.ts';
import { edgeCache } from './middleware/edge-cache.ts';
import { sameOrigin } from './middleware/origin.ts';
import { securityHeaders } from './middleware/security.ts';
import { session } from './middleware/session.ts';
import { closeShippedOrders } from './orders/auto-deliver.ts';
import { robots, sitemapRoutes } from './pages/seo.ts';
import { servePage } from './pages/serve.ts';
import { pollGatewayAttempts } from './payments/apply.ts';
import { expireOverdueOrders } from './payments/expiry.ts';
import { remindUnpaidOrders } from './payments/reminder.ts';
import { imageFileRoutes } from './routes/images.ts';
import { apiRouters } from './routes/index.ts';
import { refreshAnalyticsSnapshots } from './services/analytics-snapshots.ts';
import { sendBackInStock } from './services/back-in-stock.ts';
import { sendReviewRequests } from './services/review-requests.ts';
import { moveCacheAtSaleBoundaries } from './services/sales.ts';
import { remindSavedCarts } from './services/saved-carts.ts';
import { sendStockSummary } from './services/stock-alerts.ts';
import { remindExpiringNotifications } from './services/trust-marks.ts';
import { sweepBookings } from './shipping/auto-booking.ts';
import { pollShipments } from './shipping/shipments.ts';
import { sweepWhatsApp } from './whatsapp/outbox.ts';

/** JSON bodies are small; image uploads (catalogue images, receipts) set their own, larger limit. */
const apiBodyLimit = jsonBodyLimit(64 * 1024);

// Not chained from `use`, which answers a plain Hono: the document gathers the routers' definitions.
const api = createRouter();
api.use(sameOrigin()).use(session());
for (const router of apiRouters) api.route('/', router);
serveOpenApi(api);

const app = new Hono<AppEnv>()
  .use(requestId())
  .use(d1Session())
  // Around the security headers: a stored answer keeps the CSP written for its own inline scripts.
  .use(edgeCache())
  .use(securityHeaders())
  .use('/api/*', cacheHeaders())
  .use('/api/*', (c, next) => (endpointPolicy(c)?.upload ? next() : apiBodyLimit(c, next)))
  .route('/api', api)
  .all('/api/*', (c) => c.json(errorBody('not_found', 'Endpoint tidak ditemukan'), 404))
  .get('/robots.txt', robots)
  .route('/', sitemapRoutes())
  .route('/images', imageFileRoutes)
  .get('*', servePage)
  .all('*', (c) => c.json(errorBody('method_not_allowed', 'Metode tidak diizinkan'), 405));

app.onError(handleError);

/**
 * The Cron Trigger of wrangler.toml: asks the gateway about attempts and the courier aggregator about
 * shipments whose notification may have been missed, cancels unpaid orders past their deadline, reminds those close to it, closes shipped
 * orders nobody confirmed, mails 'Kabari Saya' for restocked sizes and the one reminder of carts left alone (their emails go in this run's sweep), then sends the email outbox's due rows
 * and the WhatsApp outbox's (retries included; decision 049), books couriers for orders paid with
 * booking on payment on (retries; decision 058) and deletes rows past their useful life. No job
 * waits on another's failure; one that keeps failing is an incident for the owner (lib/incidents.ts).
 */
const scheduled: ExportedHandlerScheduledHandler<AppEnv['Bindings']> = async (controller, env) => {
  const now = new Date();
  // Each job's outcome counts towards its incident: one failing again and again tells the owner once (decision 058).
  const db = getDb(env.DB);
  const job = <T>(name: CronJob, work: () => Promise<T>) =>
    watched(db, env, `cron:${name}`, Promise.resolve().then(work));
  // The gateway first: an order paid just before its deadline is confirmed, not expired; the
  // courier aggregator too: a parcel it delivered is closed by its word, not by the days passed.
  const gateway = await Promise.allSettled([
    job('gateway-poll', () => pollGatewayAttempts(env, now)),
    job('shipment-poll', () => pollShipments(env, now)),
  ]);
  // Past their deadline, not yet, or shipped: the three never touch the same order (the BPOM
  // reminder touches none); before the sweep, which sends what they queued.
  const expiry = await Promise.allSettled([
    job('expiry', () => expireOverdueOrders(env, now)),
    job('payment-reminder', () => remindUnpaidOrders(env, now)),
    job('auto-deliver', () => closeShippedOrders(env, now)),
    job('bpom-reminder', () => remindExpiringNotifications(env, now)),
    // 'Kabari Saya': restocked sizes' mails, queued for this run's sweep.
    job('back-in-stock', () => sendBackInStock(env)),
    // Review requests a few days after delivery (decision 047), for this run's sweep too.
    job('review-requests', () => sendReviewRequests(env, now.getTime())),
    // A cart left alone: its one reminder (decision 050).
    job('saved-carts', () => remindSavedCarts(env, now)),
    // Booking on payment's retries (decision 058): paid orders only, which no job above touches.
    job('shipment-bookings', () => sweepBookings(env)),
    // The shop's daily list of low-stock sizes (decision 059).
    job('stock-summary', () => sendStockSummary(env, now)),
  ]);
  const jobs = await Promise.allSettled([
    // Mail that fails on every attempt of a sweep, and sends none, counts as a failure of the mail.
    job('email-outbox', () => sweepOutbox(env)).then((sweep) => watchMail(db, env, sweep)),
    job('whatsapp-outbox', () => sweepWhatsApp(env)),
    job('cleanup', () => cleanupTables(env.DB, now)),
    // A sale that started or ended since the last run: guests' cached pages change (decision 046).
    job('sale-boundaries', () => moveCacheAtSaleBoundaries(env, now)),
    // The analytics' preset breakdowns after WIB midnight (decision 055), as of the run's scheduled
    // time: Miniflare's `/cdn-cgi/handler/scheduled?time=` builds a past day's, as the bench's data ends before today.
    job('analytics-snapshots', () => refreshAnalyticsSnapshots(env.DB, new Date(controller.scheduledTime))),
  ]);
  const failed = [...gateway, ...expiry, ...jobs].find((job) => job.status === 'rejected');
  if (failed) throw failed.reason;
};

// The Hono app (tests use app.request and app.routes) that is also the Worker's handler object.
export default Object.assign(app, { scheduled });
