import type { GatewayHistory } from '@gi/contracts';
import { payments } from '@gi/contracts/endpoints';
import { webhookBodyLimit } from '../api/body-limit.ts';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { recordFailure, recordSuccess } from '../lib/incidents.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { ownedOrder } from '../middleware/order-owner.ts';
import { loadOrderState } from '../orders/transition.ts';
import { applyGatewayStatus } from '../payments/apply.ts';
import { checkoutOptions, choosePayment } from '../payments/checkout.ts';
import { paymentGateway } from '../payments/configured-gateway.ts';
import { GatewayUnavailable } from '../payments/gateway.ts';
import { gatewayHistoryOf } from '../services/payments.ts';
import { readGatewaySettings, writeGatewaySettings } from '../settings/rows.ts';
import { bookSoon } from '../shipping/auto-booking.ts';
import { detailOf } from './orders.ts';

// Payment through a gateway (docs/decisions/026-payment-gateway.md).

const unavailable = () =>
  new AppError(
    503,
    'gateway_unavailable',
    'Layanan pembayaran sedang tidak dapat dihubungi. Coba lagi sebentar lagi.',
  );

export const orderPaymentRoutes = createRouter()
  /** Checkout's methods, with the customer's last choice preselected. */
  .openapi(defineEndpoint(payments.checkoutOptions), async (c) =>
    c.json(await checkoutOptions(getDb(c.env.DB), c.env, c.get('auth')?.userId as string), 200),
  )

  /** The shopper picks, or changes, how to pay an unpaid order. */
  .openapi(defineEndpoint(payments.chooseMethod), async (c) => {
    const state = ownedOrder(c);
    const db = getDb(c.env.DB);
    try {
      await choosePayment(db, c.env, state, c.req.valid('json').channel, new URL(c.req.url).origin);
    } catch (err) {
      if (err instanceof GatewayUnavailable) throw unavailable();
      throw err;
    }
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  });

/**
 * The gateway's notification, server to server (no session, no Origin). The signature is
 * checked, then the status API is asked before anything changes; a 2xx means the change is
 * recorded (a non-2xx makes the gateway send it again).
 */
export const gatewayNotificationRoutes = createRouter().openapi(
  defineEndpoint(payments.notification, { use: [webhookBodyLimit()] }),
  async (c) => {
    const gateway = paymentGateway(c.env);
    if (!gateway) throw notFound('Endpoint tidak ditemukan');
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
      await recordSuccess(db, 'gateway');
      drainOutboxSoon(c.env, c.executionCtx);
      // Booking on payment (decision 058): after this answer, never holding it up.
      if (result === 'applied') bookSoon(c.env, c.executionCtx);
      return c.json({ ok: true as const, result }, 200);
    } catch (err) {
      if (err instanceof GatewayUnavailable) {
        await recordFailure(db, c.env, 'gateway', err);
        throw unavailable();
      }
      throw err;
    }
  },
);

/** The order's gateway history and flag, for the admin. */
export const adminGatewayRoutes = createRouter().openapi(
  defineEndpoint(payments.gatewayHistory),
  async (c) => {
    const db = getDb(c.env.DB);
    const state = await loadOrderState(db, c.req.valid('param').id);
    if (!state) throw notFound('Pesanan tidak ditemukan');
    const history: GatewayHistory = {
      payment_flag: state.order.paymentFlag,
      notifications: await gatewayHistoryOf(db, state.order.id),
    };
    return c.json(history, 200);
  },
);

/** Which gateway channels the shop offers, and the manual transfer. */
export const adminGatewaySettingsRoutes = createRouter()
  .openapi(defineEndpoint(payments.readSettings), async (c) =>
    c.json(await readGatewaySettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(payments.saveSettings), async (c) => {
    const settings = c.req.valid('json');
    await writeGatewaySettings(getDb(c.env.DB), settings, c.get('auth')?.userId as string);
    return c.json(settings, 200);
  });
