import {
  listQuerySchema,
  type Order,
  orderCreateSchema,
  orderStatuses,
  orderStatusUpdateSchema,
} from '@gi/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { sha256 } from '../auth/tokens.ts';
import { type Db, getDb } from '../db/client.ts';
import {
  deleteOrder,
  findIdempotencyKey,
  getOrder,
  insertOrder,
  latestOrdersOf,
  listOrders,
  STOCK_GUARD,
  updateOrderStatus,
} from '../db/queries/orders.ts';
import type { AppEnv } from '../env.ts';
import { type ResolvedArea, resolveArea } from '../lib/areas.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { outOfStock, pricedCart } from '../lib/priced-cart.ts';
import { NO_ZONE_MESSAGE, optionsFor, servicesFor } from '../lib/shipping.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';

/** Spec §9: a customer sees their 5 latest orders. */
const RECENT_ORDERS = 5;
const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';
const SERVICE_UNAVAILABLE = 'Layanan pengiriman tidak tersedia untuk alamat ini. Silakan pilih ulang.';
const KEY_REQUIRED = 'Idempotency-Key wajib diisi';
const REOPEN_WITHOUT_STOCK =
  'Stok produk pesanan ini sudah tidak mencukupi, sehingga pesanan yang dibatalkan tidak dapat diaktifkan kembali.';
const STOCK_GONE = 'Stok produk di keranjang tidak mencukupi. Periksa kembali keranjang Anda.';

const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string({ error: KEY_REQUIRED }).regex(/^[A-Za-z0-9_-]{8,128}$/, KEY_REQUIRED),
});

const adminListQuerySchema = listQuerySchema.extend({
  status: z.enum(orderStatuses, 'Status pesanan tidak valid').optional(),
});

type OrderBody = z.output<typeof orderCreateSchema>;

/**
 * What a retry must repeat to count as the same order: the validated (trimmed) values,
 * with lines sorted so the same cart in another order is still the same request.
 */
function canonicalBody({ items, customer, shippingServiceId }: OrderBody): string {
  return JSON.stringify({
    items: items
      .map((item) => [item.variantId, item.productId, item.quantity] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    customer: [
      customer.customerName,
      customer.customerEmail,
      customer.customerPhone,
      customer.customerAddress,
      customer.provinceCode,
      customer.regencyCode,
      customer.districtCode,
      customer.postalCode,
    ],
    shippingServiceId,
  });
}

/** The address as a courier reads it: street, district, regency/city, province and postal code. */
function fullAddress(street: string, area: ResolvedArea, postalCode: string): string {
  return `${street}, Kec. ${area.district.name}, ${area.regency.name}, ${area.province.name} ${postalCode}`;
}

/** The order an earlier request with this key created, or null when the key is new. */
async function replay(db: Db, userId: string, key: string, requestHash: string): Promise<Order | null> {
  const previous = await findIdempotencyKey(db, userId, key);
  if (!previous) return null;
  if (previous.requestHash !== requestHash) {
    throw new AppError(409, 'idempotency_conflict', 'Idempotency-Key sudah dipakai untuk pesanan lain');
  }
  return getOrder(db, previous.orderId);
}

export const orderRoutes = new Hono<AppEnv>()
  /**
   * Creates an order priced from D1, shipping fee included; the body names products,
   * quantities, the address and a shipping service only.
   * A repeated Idempotency-Key answers with the order it already created.
   */
  .post(
    '/',
    requireUser,
    validate('header', idempotencyHeaderSchema),
    validate('json', orderCreateSchema),
    async (c) => {
      const userId = c.get('auth')?.userId as string;
      const key = c.req.valid('header')['idempotency-key'];
      const body = c.req.valid('json');
      const db = getDb(c.env.DB);
      const requestHash = await sha256(canonicalBody(body));

      const previous = await replay(db, userId, key, requestHash);
      if (previous) return c.json(previous, 200);

      const { customer } = body;
      const area = resolveArea(customer.provinceCode, customer.regencyCode, customer.districtCode);
      if (!area) {
        throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
          'customer.districtCode': 'Kecamatan tidak ditemukan',
        });
      }
      const cart = await pricedCart(db, body.items);
      const short = outOfStock(cart);
      if (short) throw short;
      // The fee comes from D1 for this address and cart; the browser only names a service.
      const zone = await servicesFor(db, area.regency.code);
      if (!zone) throw new AppError(422, 'no_shipping_zone', NO_ZONE_MESSAGE);
      const option = optionsFor(zone, cart).find((o) => o.id === body.shippingServiceId);
      if (!option) {
        throw new AppError(422, 'shipping_service_unavailable', SERVICE_UNAVAILABLE, {
          shippingServiceId: SERVICE_UNAVAILABLE,
        });
      }

      try {
        const order = await insertOrder(db, {
          userId,
          idempotencyKey: key,
          requestHash,
          customerName: customer.customerName,
          customerEmail: customer.customerEmail,
          customerPhone: customer.customerPhone,
          customerAddress: fullAddress(customer.customerAddress, area, customer.postalCode),
          area,
          postalCode: customer.postalCode,
          shipping: {
            zone: zone.zone,
            service: option.name,
            fee: option.fee,
            etaMinDays: option.etaMinDays,
            etaMaxDays: option.etaMaxDays,
          },
          lines: cart.lines,
        });
        return c.json(order, 201);
      } catch (err) {
        // A twin request with the same key won the race: its batch holds the key and
        // ours was rolled back whole, so answer with the winner's order.
        const winner = await replay(db, userId, key, requestHash);
        if (winner) return c.json(winner, 200);
        // Another order took the last units between our check and our batch.
        if (isConstraintError(err, STOCK_GUARD)) {
          throw outOfStock(await pricedCart(db, body.items)) ?? new AppError(409, 'out_of_stock', STOCK_GONE);
        }
        console.error(JSON.stringify({ event: 'order_insert_failed', ...loggableError(err) }));
        throw new AppError(500, 'order_failed', 'Gagal membuat pesanan. Silakan coba lagi.');
      }
    },
  )

  /** The signed-in customer's latest orders; the user id comes from the session only. */
  .get('/mine', requireUser, async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json({ items: await latestOrdersOf(getDb(c.env.DB), userId, RECENT_ORDERS) });
  });

export const adminOrderRoutes = new Hono<AppEnv>()
  .use(requireAdmin)

  .get('/', validate('query', adminListQuerySchema), async (c) => {
    return c.json(await listOrders(getDb(c.env.DB), c.req.valid('query')));
  })

  .get('/:id', async (c) => {
    const order = await getOrder(getDb(c.env.DB), c.req.param('id'));
    if (!order) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
    return c.json(order);
  })

  .patch('/:id/status', validate('json', orderStatusUpdateSchema), async (c) => {
    const { status } = c.req.valid('json');
    const order = await updateOrderStatus(getDb(c.env.DB), c.req.param('id'), status).catch((err) => {
      if (!isConstraintError(err, STOCK_GUARD)) throw err;
      throw new AppError(409, 'out_of_stock', REOPEN_WITHOUT_STOCK);
    });
    if (!order) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
    return c.json(order);
  })

  .delete('/:id', async (c) => {
    if (!(await deleteOrder(getDb(c.env.DB), c.req.param('id')))) {
      throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
    }
    return c.body(null, 204);
  });
