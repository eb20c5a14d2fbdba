import { orders, shipping } from '@gi/contracts/endpoints';
import { webhookBodyLimit } from '../api/body-limit.ts';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { policies, take } from '../lib/throttle.ts';
import { AggregatorRefused, AggregatorUnavailable } from '../shipping/aggregator.ts';
import { courierAggregator } from '../shipping/configured-aggregator.ts';
import { applyShipmentUpdate, bookShipment, shipmentIdOf } from '../shipping/shipments.ts';
import { actorOf, detailOf } from './orders.ts';

// Shipments booked through the courier aggregator (docs/decisions/032-courier-rates-and-shipments.md).

/** 'Buat Pengiriman' on a paid order. */
export const adminShipmentRoutes = createRouter().openapi(defineEndpoint(orders.bookShipment), async (c) => {
  const db = getDb(c.env.DB);
  const { id } = c.req.valid('param');
  const outcome = await bookShipment(db, c.env, id, actorOf(c));
  drainOutboxSoon(c.env, c.executionCtx);
  return c.json(await detailOf(db, id, c.env), outcome === 'booked' ? 201 : 200);
});

/**
 * The aggregator's webhook, server to server. Its body is a hint: it names the shipment, which
 * is read again from the aggregator before anything changes. A body naming nothing (the
 * dashboard's installation check) or a shipment of another shop answers 200; a 2xx means the
 * change is recorded (a non-2xx makes the aggregator send it again).
 */
export const shipmentWebhookRoutes = createRouter().openapi(
  defineEndpoint(shipping.biteshipWebhook, { use: [webhookBodyLimit()] }),
  async (c) => {
    const aggregator = courierAggregator(c.env);
    if (!aggregator) throw notFound('Endpoint tidak ditemukan');
    const body: unknown = await c.req.json().catch(() => null);
    const providerOrderId =
      body && typeof body === 'object' && 'order_id' in body && typeof body.order_id === 'string'
        ? body.order_id
        : null;
    const db = getDb(c.env.DB);
    const shipmentId = providerOrderId ? await shipmentIdOf(db, aggregator.provider, providerOrderId) : null;
    if (!providerOrderId || !shipmentId)
      return c.json({ ok: true as const, result: 'ignored' as const }, 200);
    // 429 makes Biteship send it again later; a forger gets no more outgoing calls.
    await take(c.env.DB, [{ policy: policies.courierWebhookOrder, subject: providerOrderId }]);
    try {
      const confirmed = await aggregator.shipment(providerOrderId);
      const result = confirmed
        ? await applyShipmentUpdate(db, c.env, shipmentId, confirmed, 'webhook')
        : 'ignored';
      drainOutboxSoon(c.env, c.executionCtx);
      return c.json({ ok: true as const, result }, 200);
    } catch (err) {
      if (err instanceof AggregatorUnavailable || err instanceof AggregatorRefused) {
        throw new AppError(
          503,
          'courier_unavailable',
          'Layanan kurir sedang tidak dapat dihubungi. Coba lagi nanti.',
        );
      }
      throw err;
    }
  },
);
