import {
  NOT_SIGNED_IN,
  type Order,
  type orderCreateSchema,
  type PaymentOptions,
  type PaymentSettings,
} from '@gi/contracts';
import type { z } from 'zod';
import { sha256 } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { amountDue, howToPay, howToPayLine, orderSummary, type PayingAttempt } from '../email/order-parts.ts';
import type { Env } from '../env.ts';
import { type ResolvedArea, resolveArea } from '../lib/areas.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { challengeOn, challengeRequired } from '../lib/turnstile.ts';
import { bookingOnPayment, queuedBooking } from '../orders/booking-on-payment.ts';
import { heldLimitRefusal, outOfStock, overLimit, pricedCart } from '../orders/cart.ts';
import { holdMs } from '../orders/deadlines.ts';
import { accountEmail } from '../orders/reads.ts';
import {
  findIdempotencyKey,
  insertOrder,
  ORDER_RATE_CUSTOMER,
  UNPAID_LIMIT_CLIENT,
  UNPAID_LIMIT_CUSTOMER,
} from '../orders/record.ts';
import { CHECK_AFTER_MS } from '../payments/apply.ts';
import {
  chargeAttempt,
  chargeOf,
  codFeeFor,
  freeTransferCode,
  offeredGateway,
  paymentOptions,
  TRANSFER_BUSY,
  TRANSFER_CODE_ATTEMPTS,
  TRANSFER_TOTAL_TAKEN,
  transferOffered,
} from '../payments/checkout.ts';
import { type GatewayPayment, GatewayUnavailable } from '../payments/gateway.ts';
import { HELD_LIMIT, STOCK_GUARD } from '../services/stock.ts';
import { stockAlertSteps } from '../services/stock-alerts.ts';
import { readGiftWrapSettings, readPaymentSettings, readSampleCreditSettings } from '../settings/rows.ts';
import { orderShipping } from '../shipping/rates.ts';
import { whatsappOn } from '../whatsapp/configured-provider.ts';
import { queueWhatsApp } from '../whatsapp/outbox.ts';
import {
  creditTakenRefusal,
  earnCredits,
  priceSampleCredits,
  SAMPLE_CREDIT_TAKEN,
} from './sample-credits.ts';
import { priceVoucher, usedUpInBatch, VOUCHER_CUSTOMER_USED_UP, VOUCHER_USED_UP } from './vouchers.ts';

// Placing an order, the first change of its life: checkout prices the cart (orders/cart.ts), the
// shipping choice (shipping/rates.ts) and the payment options (payments/checkout.ts), then hands
// the priced order to the record (orders/record.ts: insertOrder) and charges a gateway's attempt.

const STOCK_GONE = 'Stok produk di keranjang tidak mencukupi. Periksa kembali keranjang Anda.';
const UNPAID_CUSTOMER = (limit: number) =>
  `Anda masih memiliki ${limit} pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.`;
const UNPAID_CLIENT =
  'Terlalu banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.';
const UNPAID_CLIENT_CHALLENGE =
  'Banyak pesanan belum dibayar dari jaringan Anda. Selesaikan verifikasi keamanan, lalu tekan Buat Pesanan lagi.';
const GIFT_WRAP_OFF = 'Bungkus kado sedang tidak tersedia. Hapus pilihan bungkus kado, lalu coba lagi.';
const ORDER_RATE = 'Terlalu banyak pesanan dari akun Anda dalam satu jam terakhir. Silakan coba lagi nanti.';
/** The 0033 trigger's refusal: the network's unpaid orders already hold twice a size's max_per_order. */
export const NETWORK_HELD_LIMIT = 'stock_held_by_network';
const NETWORK_HELD =
  'Stok produk ini sedang ditahan banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.';

type OrderBody = z.output<typeof orderCreateSchema>;

/**
 * What a retry must repeat to count as the same order: the validated (trimmed) values,
 * with lines sorted so the same cart in another order is still the same request.
 */
function canonicalBody({
  items,
  customer,
  shippingServiceId,
  shippingQuoteId,
  paymentChannel,
  voucherCode,
  gift,
}: OrderBody): string {
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
    // Absent for a zone's service: the hashes of such orders stay what they were.
    ...(shippingQuoteId === undefined ? {} : { shippingQuoteId }),
    paymentChannel,
    // Absent without a code: the hashes of such orders stay what they were.
    ...(voucherCode === undefined ? {} : { voucherCode }),
    ...(gift === undefined ? {} : { gift: [gift.message ?? '', gift.wrap] }),
  });
}

/** The address as a courier reads it: street, district, regency/city, province and postal code. */
function fullAddress(street: string, area: ResolvedArea, postalCode: string): string {
  return `${street}, Kec. ${area.district.name}, ${area.regency.name}, ${area.province.name} ${postalCode}`;
}

/** The order an earlier request with this key created, or null when the key is new. */
async function replay(db: Db, userId: string, key: string, requestHash: string): Promise<string | null> {
  const previous = await findIdempotencyKey(db, userId, key);
  if (!previous) return null;
  if (previous.requestHash !== requestHash) {
    throw new AppError(409, 'idempotency_conflict', 'Idempotency-Key sudah dipakai untuk pesanan lain');
  }
  return previous.orderId;
}

/**
 * To the customer at the account's own address (not the contact email typed at checkout,
 * decision 023): what was bought and how to pay it by the method chosen, and the same on WhatsApp
 * when the customer opted in (decision 049). `open` is the order's first attempt: a gateway's with
 * what its charge gave (null when the gateway could not be reached), or undefined for the manual
 * transfer.
 */
function orderPlacedMessages(
  db: Db,
  env: Env,
  order: Order,
  settings: PaymentSettings,
  options: PaymentOptions,
  to: string,
  whatsappOptIn: boolean,
  open?: PayingAttempt,
) {
  const summary = orderSummary(order);
  const pay = howToPay(summary, settings.bankAccounts, options, open);
  const dueAt = order.payment_due_at ?? '';
  return [
    queueEmail(db, env, {
      to,
      template: 'order-placed',
      data: { orderId: order.id, customerName: order.customer_name, summary, pay, dueAt },
    }),
    ...queueWhatsApp(
      db,
      env,
      { id: order.id, customerName: order.customer_name, customerPhone: order.customer_phone, whatsappOptIn },
      { event: 'order_placed', total: amountDue(summary, pay), howToPay: howToPayLine(pay, summary, dueAt) },
    ),
  ];
}

/** The shop's notice of a new order. */
function newOrderNotice(db: Db, env: Env, order: Order, settings: PaymentSettings) {
  return queueEmail(db, env, {
    to: settings.notificationEmail,
    template: 'shop-new-order',
    data: {
      orderId: order.id,
      customerName: order.customer_name,
      customerEmail: order.customer_email,
      total: order.total_amount,
      itemCount: order.order_items.reduce((sum, item) => sum + item.quantity, 0),
    },
  });
}

/** What a customer's checkout sends, validated; the request's Idempotency-Key; where from. */
export interface PlaceOrderInput {
  userId: string;
  key: string;
  body: OrderBody;
  clientIp: string;
  /** The shop's origin as the browser reached it: a card's hosted page comes back there. */
  origin: string;
  /** Passed Turnstile's check: the network's unpaid limit does not hold the order back (decision 036). */
  challengePassed?: boolean;
}

/**
 * Places an order priced from D1, shipping fee included: the body names products, quantities,
 * the address, a shipping service and how it will be paid. A repeated Idempotency-Key answers
 * with the order it already created (`replayed`). The order, its stock, its first payment
 * attempt, its timeline row and its emails are one batch, whose guards refuse what racing
 * requests would break; a gateway's charge follows it (decision 033), and an order whose
 * gateway could not be reached stays, its attempt without pay details (the order page offers
 * choosing again).
 */
export async function placeOrder(
  db: Db,
  env: Env,
  { userId, key, body, clientIp, origin, challengePassed = false }: PlaceOrderInput,
): Promise<{ orderId: string; replayed: boolean; bookingQueued: boolean }> {
  const requestHash = await sha256(canonicalBody(body));

  const previous = await replay(db, userId, key, requestHash);
  if (previous) return { orderId: previous, replayed: true, bookingQueued: false };

  const { customer, paymentChannel: channel } = body;
  // A method the shop does not offer now is refused before anything is written.
  const options = await paymentOptions(db, env);
  const online =
    channel === 'bank_transfer' || channel === 'cod'
      ? null
      : { gateway: offeredGateway(env, options, channel), channel };
  if (channel === 'bank_transfer') transferOffered(options);
  const area = resolveArea(customer.provinceCode, customer.regencyCode, customer.districtCode);
  if (!area) {
    throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
      'customer.districtCode': 'Kecamatan tidak ditemukan',
    });
  }
  const cart = await pricedCart(db, body.items);
  const short = outOfStock(cart) ?? (await overLimit(db, userId, cart));
  if (short) throw short;
  // The fee comes from D1 or the server's own courier quote; the browser only names a service.
  const shipping = await orderShipping(
    db,
    env,
    { regencyCode: area.regency.code, postalCode: customer.postalCode },
    cart,
    { serviceId: body.shippingServiceId, quoteId: body.shippingQuoteId },
    { clientIp, sessionId: userId },
  );

  // The wrap's fee is the admin's, read now (only for an order that asks for wrapping): the
  // browser only asks (decision 045).
  const [settings, email, wrapOffer, creditOffer] = await Promise.all([
    readPaymentSettings(db),
    accountEmail(db, userId),
    body.gift?.wrap ? readGiftWrapSettings(db) : undefined,
    readSampleCreditSettings(db),
  ]);
  if (!email) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
  if (wrapOffer && !wrapOffer.enabled) {
    throw new AppError(409, 'gift_wrap_unavailable', GIFT_WRAP_OFF, { 'gift.wrap': GIFT_WRAP_OFF });
  }
  const gift = body.gift
    ? { message: body.gift.message || null, wrap: body.gift.wrap, wrapFee: wrapOffer?.fee ?? 0 }
    : undefined;
  // The code priced on the server's cart and fee; its limits hold again in the batch (decision 041).
  const voucher = body.voucherCode
    ? await priceVoucher(db, userId, body.voucherCode, cart, shipping.fee)
    : undefined;
  // Kredit Sampel after the voucher (decision 061 part B); its uses are checked again in the batch.
  const credits = await priceSampleCredits(db, userId, cart, voucher);
  const earned = await earnCredits(db, cart, voucher, creditOffer);
  const base = cart.subtotal - (voucher?.discount ?? 0) - credits.total + shipping.fee + (gift?.wrapFee ?? 0);
  // COD only on a courier's COD service and up to the admin's limit, else 409 before any write.
  const cod = channel === 'cod' ? { fee: codFeeFor(options, shipping, base) } : null;
  // A COD order is ready to ship as it is placed: under booking on payment (decision 058) its
  // courier is booked then, as a paid order's is when its payment is confirmed.
  const bookNow = cod !== null && shipping.courier !== undefined && (await bookingOnPayment(db));
  const attemptId = crypto.randomUUID();
  // Kept only while the channel is on: checkout offers the box only then (decision 049).
  const whatsappOptIn = body.whatsappOptIn === true && whatsappOn(env);
  // A size this order takes to the low-stock threshold mails the shop once (decision 059).
  const stockAlerts = await stockAlertSteps(
    db,
    env,
    cart.lines.map((line) => line.variantId),
  );
  let order: Order;
  for (let attempt = 1; ; attempt += 1) {
    const now = Date.now();
    // Only the manual transfer takes a code (decision 033); a 503 when its amount has none left.
    const uniqueCode = channel === 'bank_transfer' ? await freeTransferCode(db, base) : 0;
    try {
      order = await insertOrder(
        db,
        {
          userId,
          idempotencyKey: key,
          requestHash,
          customerName: customer.customerName,
          customerEmail: customer.customerEmail,
          customerPhone: customer.customerPhone,
          customerAddress: fullAddress(customer.customerAddress, area, customer.postalCode),
          area,
          postalCode: customer.postalCode,
          shipping,
          lines: cart.lines,
          uniqueCode,
          ...(online
            ? {
                gateway: {
                  attemptId,
                  method: online.gateway.method,
                  channel: online.channel,
                  checkAfter: new Date(now + CHECK_AFTER_MS).toISOString(),
                },
              }
            : {}),
          ...(cod ? { cod } : {}),
          ...(voucher ? { voucher } : {}),
          credits,
          earned,
          whatsappOptIn,
          ...(gift ? { gift } : {}),
          paymentDueAt: cod ? null : new Date(now + holdMs(settings, channel)).toISOString(),
          clientIp,
          limits: {
            perCustomer: settings.unpaidOrdersPerCustomer,
            perClient: challengePassed ? Number.MAX_SAFE_INTEGER : settings.unpaidOrdersPerClient,
          },
        },
        (created) => [
          // A gateway's messages wait for its charge: they tell the VA number to pay.
          ...(online
            ? []
            : orderPlacedMessages(
                db,
                env,
                created,
                settings,
                options,
                email,
                whatsappOptIn,
                cod
                  ? {
                      method: 'cod',
                      channel: null,
                      amount: created.total_amount,
                      payCode: null,
                      billerCode: null,
                    }
                  : undefined,
              )),
          newOrderNotice(db, env, created, settings),
          ...stockAlerts,
          ...(bookNow ? [queuedBooking(db, created.id)] : []),
        ],
      );
      break;
    } catch (err) {
      // A twin request with the same key won the race: its batch holds the key and
      // ours was rolled back whole, so answer with the winner's order.
      const winner = await replay(db, userId, key, requestHash);
      if (winner) return { orderId: winner, replayed: true, bookingQueued: false };
      if (isConstraintError(err, UNPAID_LIMIT_CUSTOMER)) {
        throw new AppError(409, 'unpaid_limit', UNPAID_CUSTOMER(settings.unpaidOrdersPerCustomer));
      }
      // A carrier NAT's honest customers share the network: it raises the bar, not a wall (decision 036).
      if (isConstraintError(err, UNPAID_LIMIT_CLIENT)) {
        throw challengeOn(env)
          ? challengeRequired(UNPAID_CLIENT_CHALLENGE)
          : new AppError(429, 'unpaid_limit', UNPAID_CLIENT);
      }
      if (isConstraintError(err, ORDER_RATE_CUSTOMER)) {
        throw new AppError(429, 'too_many_orders', ORDER_RATE);
      }
      // A racing order took the code's last use (or this customer's last) between our check and our batch.
      if (isConstraintError(err, VOUCHER_USED_UP)) throw usedUpInBatch(false);
      if (isConstraintError(err, VOUCHER_CUSTOMER_USED_UP)) throw usedUpInBatch(true);
      if (isConstraintError(err, NETWORK_HELD_LIMIT)) {
        throw new AppError(409, 'held_by_network', NETWORK_HELD);
      }
      // Another transfer order took the total between our read and our write: read again.
      if (isConstraintError(err, TRANSFER_TOTAL_TAKEN)) {
        if (attempt < TRANSFER_CODE_ATTEMPTS) continue;
        throw new AppError(503, 'no_unique_code', TRANSFER_BUSY);
      }
      // Another order of this customer took the size's units up to its maximum meanwhile.
      if (isConstraintError(err, HELD_LIMIT)) {
        throw (await overLimit(db, userId, await pricedCart(db, body.items))) ?? heldLimitRefusal();
      }
      // A racing order used a credit of ours (or it changed) between our read and our batch.
      if (isConstraintError(err, SAMPLE_CREDIT_TAKEN)) throw creditTakenRefusal();
      // Another order took the last units between our check and our batch.
      if (isConstraintError(err, STOCK_GUARD)) {
        throw outOfStock(await pricedCart(db, body.items)) ?? new AppError(409, 'out_of_stock', STOCK_GONE);
      }
      console.error(JSON.stringify({ event: 'order_insert_failed', ...loggableError(err) }));
      throw new AppError(500, 'order_failed', 'Gagal membuat pesanan. Silakan coba lagi.');
    }
  }

  if (online) {
    const { gateway } = online;
    const charge = chargeOf(order, email, attemptId, online.channel, origin);
    const open = (payment: GatewayPayment | null): PayingAttempt => ({
      method: gateway.method,
      channel: online.channel,
      amount: charge.amount,
      payCode: payment?.payCode ?? null,
      billerCode: payment?.billerCode ?? null,
    });
    try {
      await chargeAttempt(db, gateway, charge, (payment) =>
        orderPlacedMessages(db, env, order, settings, options, email, whatsappOptIn, open(payment)),
      );
    } catch (err) {
      if (!(err instanceof GatewayUnavailable)) throw err;
      // The order stands: its page offers choosing the method again.
      console.error(
        JSON.stringify({
          event: 'gateway_charge_failed',
          orderId: order.id,
          paymentId: attemptId,
          message: err.message,
        }),
      );
    }
  }
  return { orderId: order.id, replayed: false, bookingQueued: bookNow };
}
