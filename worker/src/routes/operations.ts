import { operations } from '@gi/contracts/endpoints';
import { eq } from 'drizzle-orm';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { openIncidents } from '../lib/incidents.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { readServiceThread, replyToService } from '../services/service-replies.ts';
import { failedBookings } from '../shipping/auto-booking.ts';
import { bookShipment } from '../shipping/shipments.ts';
import { actorOf } from './orders.ts';

// Orders with fewer hands and operations (issue 42, decision 058).

export const operationsRoutes = createRouter()
  /**
   * Bulk 'Buat Pengiriman': one order after another through the single press's path (its checks,
   * its claim, its idempotency); a refusal is that order's result, the others go on.
   */
  .openapi(defineEndpoint(operations.bookShipments), async (c) => {
    const db = getDb(c.env.DB);
    const who = actorOf(c);
    const results = [];
    for (const id of new Set(c.req.valid('json').ids)) {
      try {
        const outcome = await bookShipment(db, c.env, id, who);
        const order = await db
          .select({ trackingNumber: orders.trackingNumber })
          .from(orders)
          .where(eq(orders.id, id))
          .get();
        results.push({
          id,
          ok: true,
          message: outcome === 'booked' ? 'Pengiriman dibuat' : 'Pengiriman sudah dibuat sebelumnya',
          tracking_number: order?.trackingNumber ?? null,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, message: err.message, tracking_number: null });
      }
    }
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json({ results }, 200);
  })
  .openapi(defineEndpoint(operations.overview), async (c) => {
    const db = getDb(c.env.DB);
    const [incidents, failed] = await Promise.all([openIncidents(db), failedBookings(db)]);
    return c.json(
      { incidents, failedBookings: failed.map(({ order_status: _, ...booking }) => booking) },
      200,
    );
  })
  .openapi(defineEndpoint(operations.serviceThread), async (c) =>
    c.json(await readServiceThread(getDb(c.env.DB), c.req.valid('param').id), 200),
  )
  .openapi(defineEndpoint(operations.replyService), async (c) => {
    const who = actorOf(c);
    const userId = who.actor === 'system' ? '' : who.userId;
    const thread = await replyToService(
      getDb(c.env.DB),
      c.env,
      c.req.valid('param').id,
      userId,
      c.req.valid('json').body,
    );
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(thread, 201);
  });
