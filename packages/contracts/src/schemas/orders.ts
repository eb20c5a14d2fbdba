import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../cart-cookie.ts';
import { gatewayChannels } from '../gateway-labels.ts';
import { paymentMethods, refundStatuses } from '../labels.ts';
import {
  orderActors,
  orderEventTypes,
  orderStatuses,
  paymentStatuses,
  shipmentStatuses,
} from '../status-machines.ts';
import { turnstileTokenSchema } from './auth.ts';
import { seekListQuerySchema } from './catalog.ts';
import { paymentChannelSchema, paymentOptionsSchema } from './gateway.ts';
import { giftSchema } from './gifts.ts';
import { checkPostalRegion, deliveryAddressFields } from './shipping.ts';
import { lineText, multilineText } from './text.ts';

/**
 * Checkout fields of product.md §5 with the delivery address in parts: the phone is required
 * (couriers refuse parcels without one) and customerAddress is the street part; the
 * order's customer_address is the full text the server composes from the parts.
 */
export const checkoutSchema = z
  .strictObject({
    ...deliveryAddressFields,
    customerEmail: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Email harus diisi')
      .email('Email tidak valid')
      .max(254),
  })
  .superRefine(checkPostalRegion);
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** Products, their sizes and quantities of a cart, as the browser names them. */
export const orderItemsSchema = z
  .array(
    z.strictObject({
      productId: z.string().min(1).max(64),
      variantId: z.string({ error: 'Pilih ukuran' }).min(1, 'Pilih ukuran').max(64),
      quantity: z
        .number({ error: 'Jumlah harus berupa angka' })
        .int('Jumlah harus bilangan bulat')
        .min(1, 'Jumlah minimal 1')
        .max(MAX_LINE_QUANTITY, `Jumlah maksimal ${MAX_LINE_QUANTITY}`),
    }),
  )
  .min(1, 'Keranjang belanja kosong')
  .max(MAX_ORDER_LINES, `Maksimal ${MAX_ORDER_LINES} produk per pesanan`)
  .refine(
    (items) => new Set(items.map((i) => i.variantId)).size === items.length,
    'Produk ganda dalam pesanan',
  );

const CODE_RULE = 'Kode voucher 3–32 karakter: huruf, angka, atau tanda -';

/** A voucher code as the shopper types it: trimmed, upper-cased (codes are unique whatever their case). */
export const voucherCodeSchema = z
  .string({ error: 'Kode voucher harus diisi' })
  .trim()
  .toUpperCase()
  .min(1, 'Kode voucher harus diisi')
  .max(32, CODE_RULE)
  .regex(/^[A-Z0-9-]{3,32}$/, CODE_RULE);

const shippingServiceIdSchema = z
  .string({ error: 'Pilih layanan pengiriman' })
  .min(1, 'Pilih layanan pengiriman')
  .max(64, 'Pilih layanan pengiriman');

/**
 * What the browser may send to create an order: products, quantities, the address
 * and the chosen shipping service. Prices, the shipping fee, totals, status and the
 * user come from the server; extra fields (a fee, a total) are rejected.
 */
export const orderCreateSchema = z.strictObject({
  items: orderItemsSchema,
  customer: checkoutSchema,
  /** A zone's service id, or a courier option's id ('jne:reg') of the quote named below. */
  shippingServiceId: shippingServiceIdSchema,
  /** The quote of POST /api/shipping/quote a courier option comes from (decision 032). */
  shippingQuoteId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'Ongkos kirim perlu dihitung ulang. Pilih layanan pengiriman lagi.')
    .optional(),
  /**
   * How the order will be paid (issue 37): its first payment attempt is opened in the same step,
   * and only 'bank_transfer' takes a unique code.
   */
  paymentChannel: paymentChannelSchema,
  /** Sent after a 403 `challenge_required`: the network has too many unpaid orders (decision 036). */
  turnstileToken: turnstileTokenSchema.optional(),
  /** A voucher code (decision 041): priced and counted by the server in the order's batch. */
  voucherCode: voucherCodeSchema.optional(),
  /** 'Kirim kabar pesanan lewat WhatsApp' (decision 049): kept only while the shop's channel is on. */
  whatsappOptIn: z.boolean('Pilihan kabar WhatsApp tidak valid').optional(),
  /** Sent as a gift (decision 045): the message and whether to wrap; the wrap's fee is the server's. */
  gift: giftSchema.optional(),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** The shipping services for one address and cart, with fees computed by the server. */
export const shippingQuoteSchema = z
  .strictObject({
    districtCode: deliveryAddressFields.districtCode,
    /** Couriers price by postal code: without one, the zones answer (decision 032). */
    postalCode: deliveryAddressFields.postalCode.optional(),
    items: orderItemsSchema,
  })
  .superRefine(({ districtCode, postalCode }, ctx) =>
    checkPostalRegion({ postalCode, provinceCode: districtCode.slice(0, 2) }, ctx),
  );

const cancelReason = multilineText().max(500, 'Alasan maksimal 500 karakter').optional();

/**
 * PATCH /api/admin/orders/:id/status (the admin's dropdown). 'shipped' needs the courier
 * and the tracking number (resi); 'cancelled' may carry a reason. Which moves are allowed
 * from the current status is `orderTransitions` (the server answers 409 otherwise).
 */
export const orderStatusUpdateSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({
      status: z.literal('shipped'),
      courier: lineText().min(1, 'Kurir harus diisi').max(60, 'Kurir maksimal 60 karakter'),
      trackingNumber: z
        .string({ error: 'Nomor resi harus diisi' })
        .trim()
        .min(1, 'Nomor resi harus diisi')
        .max(60, 'Nomor resi maksimal 60 karakter')
        .regex(/^[A-Za-z0-9-]+$/, 'Nomor resi hanya berisi huruf, angka dan tanda hubung'),
    }),
    z.strictObject({ status: z.literal('cancelled'), reason: cancelReason }),
    z.strictObject({ status: z.enum(['pending', 'processing', 'delivered']) }),
  ],
  { error: 'Status pesanan tidak valid' },
);
export type OrderStatusUpdateInput = z.input<typeof orderStatusUpdateSchema>;

/** Orders per page of the customer's account list. */
export const MY_ORDERS_PAGE_SIZE = 10;

/**
 * GET /api/orders?cursor=: the signed-in customer's orders, newest first, a page at a time.
 * `cursor` is the `nextCursor` of the page before (opaque to the browser).
 */
export const myOrdersQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z~[0-9a-f-]{36}$/, 'Halaman tidak valid')
    .optional(),
});

/** The 404 of an order that does not exist, or that the caller may not see (ids cannot be probed). */
export const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';

/** The `{id}` of an order's path. */
export const orderIdParamsSchema = z.object({ id: z.string().max(200) });

const KEY_REQUIRED = 'Idempotency-Key wajib diisi';
/** POST /api/orders: the key that makes a repeated request answer the order it already created. */
export const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string({ error: KEY_REQUIRED }).regex(/^[A-Za-z0-9_-]{8,128}$/, KEY_REQUIRED),
});

/** GET /api/admin/orders: the admin's long list, with its status filter. */
export const adminOrderListQuerySchema = seekListQuerySchema.extend({
  status: z.enum(orderStatuses, 'Status pesanan tidak valid').optional(),
});

export const orderItemSchema = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  product_name: z.string(),
  product_price: z.number().int(),
  /** The size bought; null on lines from before sizes (and size_ml null on a migrated size). */
  variant_id: z.string().nullable(),
  size_ml: z.number().int().nullable(),
  quantity: z.number().int(),
  subtotal: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string().nullable(),
  /** The full delivery address text (street, district, regency, province, postal code). */
  customer_address: z.string(),
  /** Structured parts; null on orders placed before delivery addresses existed. */
  province_code: z.string().nullable(),
  province_name: z.string().nullable(),
  regency_code: z.string().nullable(),
  regency_name: z.string().nullable(),
  district_code: z.string().nullable(),
  district_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  shipping_zone: z.string().nullable(),
  shipping_service: z.string().nullable(),
  shipping_eta_min_days: z.number().int().nullable(),
  shipping_eta_max_days: z.number().int().nullable(),
  /** A courier's live rate (decision 032): its codes and the parcel's grams; null for a zone's service. */
  shipping_courier_code: z.string().nullable(),
  shipping_service_code: z.string().nullable(),
  shipping_weight_grams: z.number().int().nullable(),
  /** Items only. */
  subtotal_amount: z.number().int(),
  shipping_fee: z.number().int(),
  /**
   * 1–999 rupiah added so the admin can match a manual transfer; 0 whenever the order is paid
   * another way (a gateway charges subtotal + shipping exactly).
   */
  unique_code: z.number().int(),
  /** The admin's COD fee on a cash-on-delivery order (decision 034), its own line; 0 otherwise. */
  cod_fee: z.number().int(),
  /** The voucher the order used (decision 041); null: none. */
  voucher_code: z.string().nullable(),
  /** Its discount in rupiah, on the items or (a shipping voucher) the shipping fee; 0 without one. */
  discount_amount: z.number().int(),
  /** What the customer's 'Kredit Sampel' took off a full bottle (decision 061 part B); 0 without. */
  credit_amount: z.number().int(),
  /** The 'Kredit Sampel' this order gives (waiting for delivery, or given); 0 without or once void. */
  credit_earned: z.number().int(),
  /** The gift message for the packing slip (decision 045); null: none. */
  gift_message: z.string().nullable(),
  /** Gift wrapping asked, and its fee as priced when the order was placed (0: free or none). */
  gift_wrap: z.boolean(),
  gift_wrap_fee: z.number().int(),
  /**
   * subtotal_amount − discount_amount − credit_amount + shipping_fee + gift_wrap_fee + unique_code
   * + cod_fee:
   * exactly what the shopper pays, by any method.
   */
  total_amount: z.number().int(),
  status: z.enum(orderStatuses),
  /** The order's current payment attempt; null on orders placed before payments existed. */
  payment_status: z.enum(paymentStatuses).nullable(),
  /** Unpaid after this moment, the Cron cancels the order (null on old orders). */
  payment_due_at: z.string().nullable(),
  /** Set when the order is shipped. */
  courier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when a paid order was cancelled: its money goes back (decision 023). */
  refund_status: z.enum(refundStatuses).nullable(),
  order_items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A page of the customer's orders; `nextCursor` is null on the last page. */
export const orderCursorPageSchema = z.object({
  items: z.array(orderSchema),
  nextCursor: z.string().nullable(),
});
export type OrderCursorPage = z.infer<typeof orderCursorPageSchema>;

/** One attempt to pay an order (the current one, or one the admin rejected). */
export const orderPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  amount: z.number().int(),
  /** Whether a transfer receipt is stored; read it at GET /api/orders/:id/receipt. */
  has_receipt: z.boolean(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** Why the admin rejected it, or why the gateway's attempt failed. */
  reason: z.string().nullable(),
  created_at: z.string(),
  /** Gateway attempts (decision 026): the channel chosen, the gateway's page, its transaction id and last status. */
  channel: z.enum(gatewayChannels).nullable(),
  redirect_url: z.string().nullable(),
  provider_reference: z.string().nullable(),
  provider_status: z.string().nullable(),
  /** While it waits: the virtual account number (Mandiri: the bill key). */
  pay_code: z.string().nullable(),
  /** Mandiri's biller code, typed before the bill key. */
  biller_code: z.string().nullable(),
  /** QRIS (and GoPay on a computer): the QR's content, which the order page draws. */
  qr_string: z.string().nullable(),
  /** An e-wallet's app link (GoPay, ShopeePay), opened on a phone. */
  deeplink_url: z.string().nullable(),
  /** When the gateway stops accepting this attempt: the countdown on the payment page. */
  pay_expires_at: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** One row of the order's timeline. */
export const orderEventSchema = z.object({
  id: z.string(),
  type: z.enum(orderEventTypes),
  /** The order's status after the event. */
  status: z.enum(orderStatuses),
  actor: z.enum(orderActors),
  /** The rejection or cancel reason, or 'courier · resi' of a shipment. */
  note: z.string().nullable(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** Steps of a shipment's tracking history an order's answer carries at most (the newest). */
export const SHIPMENT_HISTORY_LIMIT = 50;

/**
 * The order's shipment booked through the courier aggregator (decision 032): the courier, the
 * resi once assigned, the tracking page and the tracking history, newest first.
 */
export const orderShipmentSchema = z.object({
  courier_code: z.string(),
  courier_name: z.string(),
  service_code: z.string(),
  /** The service as checkout showed it ('JNE · Reguler'), when the order kept it. */
  service_name: z.string().nullable(),
  waybill_id: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: z.enum(shipmentStatuses),
  status_label: z.string(),
  history: z
    .array(
      z.object({
        status: z.enum(shipmentStatuses),
        label: z.string(),
        /** The courier's own words ('RECEIVED AT SORTING CENTER [JAKARTA]'). */
        note: z.string(),
        at: z.string(),
      }),
    )
    .max(SHIPMENT_HISTORY_LIMIT),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/**
 * GET /api/orders/:id (owner or admin) and the admin's order answers: the order, its
 * payment attempts (newest first), the timeline (oldest first) and, while unpaid, where
 * to transfer.
 */
export const orderDetailSchema = orderSchema.extend({
  payments: z.array(orderPaymentSchema),
  events: z.array(orderEventSchema),
  /** Present while the order waits for payment (status 'pending'). */
  payment_instructions: z
    .object({
      bank_accounts: z.array(z.object({ bank: z.string(), accountNumber: z.string(), holder: z.string() })),
      qris_image: z.string().nullable(),
    })
    .nullable(),
  /** Present while the order waits for payment: the ways the shopper may pay (decision 026). */
  payment_options: paymentOptionsSchema.optional(),
  /** Booked through the courier aggregator ('Buat Pengiriman'); null otherwise. */
  shipment: orderShipmentSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A row of the admin's 'Menunggu Verifikasi' list: the order and its submitted payment. */
export const paymentReviewSchema = z.object({ order: orderSchema, payment: orderPaymentSchema });
export type PaymentReview = z.infer<typeof paymentReviewSchema>;
