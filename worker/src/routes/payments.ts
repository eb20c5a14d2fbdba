import {
  type GatewayHistory,
  type GatewayNotification,
  gatewayPaymentSchema,
  gatewaySettingsSchema,
} from '@gi/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getDb } from '../db/client.ts';
import { paymentNotifications } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { loadOrderState } from '../lib/order-lifecycle.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import { applyGatewayStatus } from '../payments/apply.ts';
import { choosePayment } from '../payments/checkout.ts';
import { GatewayUnavailable, paymentGateway } from '../payments/gateway.ts';
import { readGatewaySettings, writeGatewaySettings } from '../payments/settings.ts';
import { detailOf, visibleOrder } from './orders.ts';

// Payment through a gateway (docs/decisions/026-payment-gateway.md).

/** Newest rows of an order's gateway history the admin sees. */
export const GATEWAY_HISTORY_LIMIT = 50;
/** A Midtrans notification is a few KB of JSON. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

const unavailable = () =>
  new AppError(
    503,
    'gateway_unavailable',
    'Layanan pembayaran sedang tidak dapat dihubungi. Coba lagi sebentar lagi.',
  );

/** Mounted at /api/orders: the shopper picks how to pay an unpaid order. */
export const orderPaymentRoutes = new Hono<AppEnv>().post(
  '/:id/payment-method',
  requireUser,
  validate('json', gatewayPaymentSchema),
  async (c) => {
    const state = await visibleOrder(c);
    const db = getDb(c.env.DB);
    try {
      await choosePayment(db, c.env, state, c.req.valid('json').channel, new URL(c.req.url).origin);
    } catch (err) {
      if (err instanceof GatewayUnavailable) throw unavailable();
      throw err;
    }
    return c.json(await detailOf(db, state.order.id, c.env));
  },
);

/**
 * Mounted at /api/payments: the gateway's notification, server to server (no session, no
 * Origin). The signature is checked, then the status API is asked before anything changes;
 * a 2xx means the change is recorded (a non-2xx makes the gateway send it again).
 */
export const gatewayNotificationRoutes = new Hono<AppEnv>().post(
  '/midtrans/notification',
  bodyLimit({
    maxSize: NOTIFICATION_BODY_LIMIT,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'Data yang dikirim terlalu besar');
    },
  }),
  async (c) => {
    const gateway = paymentGateway(c.env);
    if (!gateway) throw new AppError(404, 'not_found', 'Endpoint tidak ditemukan');
    const body: unknown = await c.req.json().catch(() => null);
    const attemptId = await gateway.verifyNotification(body);
    if (!attemptId) throw new AppError(401, 'invalid_signature', 'Tanda tangan notifikasi tidak valid');
    const db = getDb(c.env.DB);
    try {
      const status = await gateway.status(attemptId);
      // A transaction the gateway does not know (e.g. the dashboard's test notification): nothing to do.
      const result = status
        ? await applyGatewayStatus(db, c.env, gateway, status, 'notification')
        : 'ignored';
      drainOutboxSoon(c.env, c.executionCtx);
      return c.json({ ok: true, result });
    } catch (err) {
      if (err instanceof GatewayUnavailable) throw unavailable();
      throw err;
    }
  },
);

/** Mounted at /api/admin/orders: the order's gateway history and flag. */
export const adminGatewayRoutes = new Hono<AppEnv>().use(requireAdmin).get('/:id/gateway', async (c) => {
  const db = getDb(c.env.DB);
  const state = await loadOrderState(db, c.req.param('id'));
  if (!state) throw new AppError(404, 'not_found', 'Pesanan tidak ditemukan');
  const rows = await db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, state.order.id))
    .orderBy(desc(paymentNotifications.createdAt), desc(sql`rowid`))
    .limit(GATEWAY_HISTORY_LIMIT);
  const notifications: GatewayNotification[] = rows.map((row) => ({
    id: row.id,
    payment_id: row.paymentId,
    source: row.source,
    transaction_status: row.transactionStatus,
    fraud_status: row.fraudStatus,
    payment_type: row.paymentType,
    transaction_id: row.transactionId,
    gross_amount: row.grossAmount,
    outcome: row.outcome,
    created_at: row.createdAt,
  }));
  const history: GatewayHistory = { payment_flag: state.order.paymentFlag, notifications };
  return c.json(history);
});

/** Mounted at /api/admin/settings: which gateway channels the shop offers, and the manual transfer. */
export const adminGatewaySettingsRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/gateway', async (c) => c.json(await readGatewaySettings(getDb(c.env.DB))))
  .put('/gateway', validate('json', gatewaySettingsSchema), async (c) => {
    const settings = c.req.valid('json');
    await writeGatewaySettings(getDb(c.env.DB), settings);
    return c.json(settings);
  });
