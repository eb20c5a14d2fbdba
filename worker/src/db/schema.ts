// Drizzle view of migrations/*.sql (the SQL files are the one source of the schema;
// keep this file in step with them).
import {
  gatewayChannels,
  orderActors,
  orderEventTypes,
  orderStatuses,
  parseWidths,
  paymentFlags,
  paymentMethods,
  paymentStatuses,
  refundStatuses,
  reviewProjections,
  reviewStatuses,
  staffRoles,
  stockChangeReasons,
} from '@gi/contracts';
import { sql } from 'drizzle-orm';
import { customType, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text('created_at').notNull().default(now);
const updatedAt = () => text('updated_at').notNull().default(now);

/** A photo's widths, kept as '320,720,1200' (migration 0015). */
const widthList = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (widths) => widths.join(','),
  fromDriver: (text) => parseWidths(text),
});

export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const profiles = sqliteTable('profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: ['customer', ...staffRoles] })
    .notNull()
    .default('customer'),
  createdAt: createdAt(),
  /** When the customer agreed to marketing email (migration 0043, decision 050); null: no consent. */
  marketingConsentAt: text('marketing_consent_at'),
  /** E.164 ('+62…', phoneSchema), set from the account page. */
  phone: text('phone'),
  /** When the owner disabled this staff account (migration 0049, decision 052); null: active. */
  disabledAt: text('disabled_at'),
  /** The admin's customer list's figures, kept by the orders_customer_* triggers (migration 0056). */
  ordersCount: integer('orders_count').notNull().default(0),
  /** Rupiah of the orders in paidOrderStatuses. */
  paidTotal: integer('paid_total').notNull().default(0),
  lastOrderAt: text('last_order_at'),
  /** When the personal data was erased on request (UU PDP, decision 059); null: never. */
  erasedAt: text('erased_at'),
});

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  familyId: text('family_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
  rotatedAt: text('rotated_at'),
  revokedAt: text('revoked_at'),
});

export const emailTokens = sqliteTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  purpose: text('purpose', {
    enum: ['email_change', 'password_reset', 'sign_in', 'email_change_undo'],
  }).notNull(),
  newEmail: text('new_email'),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: createdAt(),
});

/** Fixed-window counters of worker/src/lib/throttle.ts (written with raw SQL there). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: text('reset_at').notNull(),
});

export const emailOutbox = sqliteTable('email_outbox', {
  id: text('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** The plain-text part. */
  body: text('body').notNull(),
  html: text('html'),
  template: text('template'),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: text('next_attempt_at').notNull().default('1970-01-01T00:00:00.000Z'),
  lastError: text('last_error'),
  messageId: text('message_id'),
  createdAt: createdAt(),
  sentAt: text('sent_at'),
  /** Unique when set (migration 0038): an email queued once, whatever runs race to queue it. */
  onceKey: text('once_key'),
  /** A marketing email's unsubscribe link, for the List-Unsubscribe headers (migration 0038). */
  unsubscribeUrl: text('unsubscribe_url'),
});

export const products = sqliteTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  /**
   * The lowest price now, live sales applied (migration 0060): the list's price filter and sort
   * read it; kept by triggers and the Cron at a sale's start or end, never written by the worker.
   */
  priceNow: integer('price_now').notNull().default(0),
  image: text('image').notNull(),
  /** The cover's widths (migration 0015): '320,720,1200', the last being `image` itself; '' when unknown. */
  imageWidths: widthList('image_widths').notNull().default([]),
  concentration: text('concentration', { enum: ['EDT', 'EDP', 'Parfum', 'Extrait'] }),
  gender: text('gender', { enum: ['pria', 'wanita', 'unisex'] }),
  /** Units ordered, added by the batch that writes an order (best-selling sort). */
  soldCount: integer('sold_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A size of a product with its own price and stock (migration 0014). size_ml and stock are
 * null only on the variant migrated from a product without sizes; null stock is not counted.
 * CHECK (stock >= 0) makes an order that takes more than is left fail its whole batch.
 */
export const productVariants = sqliteTable('product_variants', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull(),
  sizeMl: integer('size_ml'),
  price: integer('price').notNull(),
  stock: integer('stock'),
  sku: text('sku'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Units one customer may hold in unpaid orders (migration 0024). */
  maxPerOrder: integer('max_per_order').notNull().default(5),
  /** Shipping weight in grams and optional box in cm (migration 0029). */
  weightGrams: integer('weight_grams').notNull().default(300),
  /** 1 while the weight is the migration's estimate: listed in the admin's low-data view. */
  weightEstimated: integer('weight_estimated', { mode: 'boolean' }).notNull().default(true),
  lengthCm: integer('length_cm'),
  widthCm: integer('width_cm'),
  heightCm: integer('height_cm'),
  /** 'Kredit Sampel' of a sample or set (migration 0066): null = the price paid, 0 = none. */
  sampleCredit: integer('sample_credit'),
});

/** Every change of a size's counted stock: who, when, from, to and why (migration 0024). */
export const stockChanges = sqliteTable('stock_changes', {
  id: text('id').primaryKey().default(sql`(lower(hex(randomblob(16))))`),
  variantId: text('variant_id').notNull(),
  fromStock: integer('from_stock'),
  toStock: integer('to_stock'),
  reason: text('reason', { enum: stockChangeReasons }).notNull(),
  orderId: text('order_id'),
  actor: text('actor', { enum: orderActors }).notNull(),
  actorId: text('actor_id'),
  createdAt: createdAt(),
});

/** The FTS5 search index over products (migration 0011); only its triggers write it. */
export const productsFts = sqliteTable('products_fts', {
  productId: text('product_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  notes: text('notes').notNull(),
  /** The product's, for the search's tie-break without reading products (migration 0019). */
  createdAt: text('created_at').notNull(),
});

/** A product's photos in order; position 0 is the cover, mirrored in products.image/image_widths. */
export const productImages = sqliteTable(
  'product_images',
  {
    productId: text('product_id').notNull(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    widths: widthList('widths').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/** One note of a product's scent pyramid; `noteKey` is the folded form the filter and related products match. */
export const productNotes = sqliteTable(
  'product_notes',
  {
    productId: text('product_id').notNull(),
    layer: text('layer', { enum: ['top', 'heart', 'base'] }).notNull(),
    position: integer('position').notNull(),
    note: text('note').notNull(),
    noteKey: text('note_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.layer, t.position] })],
);

/** Each folded note in use and how many product notes use it (kept by triggers, migration 0015). */
export const scentNotes = sqliteTable('scent_notes', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  uses: integer('uses').notNull(),
});

export const collections = sqliteTable('collections', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  image: text('image'),
  createdAt: createdAt(),
});

export const collectionProducts = sqliteTable(
  'collection_products',
  {
    collectionId: text('collection_id').notNull(),
    productId: text('product_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] })],
);

export const orders = sqliteTable('orders', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerPhone: text('customer_phone'),
  customerAddress: text('customer_address').notNull(),
  totalAmount: integer('total_amount').notNull(),
  subtotalAmount: integer('subtotal_amount').notNull().default(0),
  shippingFee: integer('shipping_fee').notNull().default(0),
  shippingService: text('shipping_service'),
  shippingZone: text('shipping_zone'),
  shippingEtaMinDays: integer('shipping_eta_min_days'),
  shippingEtaMaxDays: integer('shipping_eta_max_days'),
  provinceCode: text('province_code'),
  provinceName: text('province_name'),
  regencyCode: text('regency_code'),
  regencyName: text('regency_name'),
  districtCode: text('district_code'),
  districtName: text('district_name'),
  postalCode: text('postal_code'),
  status: text('status', { enum: orderStatuses }).notNull().default('pending'),
  /** 1–999 rupiah, unique among unpaid orders (migration 0013); 0 on older orders. */
  uniqueCode: integer('unique_code').notNull().default(0),
  paymentDueAt: text('payment_due_at'),
  courier: text('courier'),
  trackingNumber: text('tracking_number'),
  /** What needs the admin after a gateway's payment (migration 0025). */
  paymentFlag: text('payment_flag', { enum: paymentFlags }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The address the order was placed from, for the per-address unpaid limit (migration 0022). */
  clientIp: text('client_ip'),
  /** 'needed' once a paid order is cancelled, 'refunded' when the admin paid it back (migration 0022). */
  refundStatus: text('refund_status', { enum: refundStatuses }),
  /** When the Cron sent the one reminder before the payment deadline (migration 0027). */
  paymentRemindedAt: text('payment_reminded_at'),
  /** A courier's service the order was priced with; NULL for a zone's service (migration 0029). */
  shippingCourierCode: text('shipping_courier_code'),
  shippingServiceCode: text('shipping_service_code'),
  shippingWeightGrams: integer('shipping_weight_grams'),
  shippingQuoteId: text('shipping_quote_id'),
  /** The admin's COD fee of a cash-on-delivery order, its own line; 0 otherwise (migration 0031). */
  codFee: integer('cod_fee').notNull().default(0),
  /** The voucher the order used, as the customer typed it upper-cased (migration 0037); null: none. */
  voucherCode: text('voucher_code'),
  /** Its discount in rupiah, on the items or (a shipping voucher) the shipping fee; 0 without one. */
  discountAmount: integer('discount_amount').notNull().default(0),
  /** The checkout's opt-in to order updates on WhatsApp (migration 0042, decision 049). */
  whatsappOptIn: integer('whatsapp_opt_in', { mode: 'boolean' }).notNull().default(false),
  /** The gift message printed on the packing slip (migration 0040); null: none. */
  giftMessage: text('gift_message'),
  /** Gift wrapping asked, and its fee as the admin set it when the order was placed (0: free). */
  giftWrap: integer('gift_wrap', { mode: 'boolean' }).notNull().default(false),
  giftWrapFee: integer('gift_wrap_fee').notNull().default(0),
  /** What the customer's 'Kredit Sampel' took off the items (migration 0066); 0 without. */
  creditAmount: integer('credit_amount').notNull().default(0),
});

/** A courier aggregator's rates for one origin, destination and parcel: cache and binding (migration 0029). */
export const shippingQuotes = sqliteTable('shipping_quotes', {
  id: text('id').primaryKey(),
  cacheKey: text('cache_key').notNull(),
  provider: text('provider').notNull(),
  weightGrams: integer('weight_grams').notNull(),
  destinationPostalCode: text('destination_postal_code').notNull(),
  /** JSON of the RateOption[] the aggregator answered. */
  options: text('options').notNull(),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
});

/** The aggregator's word on whether a postal code is a district's (migration 0035, shipping/postal-area.ts). */
export const postalAreaChecks = sqliteTable(
  'postal_area_checks',
  {
    districtCode: text('district_code').notNull(),
    postalCode: text('postal_code').notNull(),
    fits: integer('fits', { mode: 'boolean' }).notNull(),
    checkedAt: text('checked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.districtCode, table.postalCode] })],
);

/** The order's shipment booked through the aggregator, one per order (migration 0029). */
export const shipments = sqliteTable('shipments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  provider: text('provider').notNull(),
  providerOrderId: text('provider_order_id'),
  courierCode: text('courier_code').notNull(),
  serviceCode: text('service_code').notNull(),
  /** 'booking' while the aggregator is asked, then a normalised ShipmentStatus. */
  status: text('status').notNull(),
  waybillId: text('waybill_id'),
  trackingId: text('tracking_id'),
  trackingUrl: text('tracking_url'),
  price: integer('price'),
  checkAfter: text('check_after'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each step of a shipment's tracking history the aggregator confirmed (migration 0029). */
export const shipmentEvents = sqliteTable(
  'shipment_events',
  {
    shipmentId: text('shipment_id').notNull(),
    status: text('status').notNull(),
    note: text('note').notNull(),
    happenedAt: text('happened_at').notNull(),
    source: text('source', { enum: ['booking', 'webhook', 'poll'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.happenedAt, t.status] })],
);

/**
 * The guard of the unpaid-order limits (migration 0022): its trigger refuses a row when the
 * customer or the address already has as many unpaid orders as the limits; it keeps no rows.
 */
export const orderLimitChecks = sqliteTable('order_limit_checks', {
  userId: text('user_id').notNull(),
  clientIp: text('client_ip').notNull(),
  perCustomer: integer('per_customer').notNull(),
  perClient: integer('per_client').notNull(),
  hourAgo: text('hour_ago').notNull(),
  perHour: integer('per_hour').notNull(),
});

/** Attempts to pay an order (migration 0013); a gateway is another `method`. */
export const payments = sqliteTable('payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  method: text('method', { enum: paymentMethods }).notNull(),
  status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
  amount: integer('amount').notNull(),
  providerReference: text('provider_reference'),
  receiptKey: text('receipt_key'),
  submittedAt: text('submitted_at'),
  reviewedBy: text('reviewed_by'),
  reviewedAt: text('reviewed_at'),
  reason: text('reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Gateway attempts (migration 0025, decision 026). */
  channel: text('channel', { enum: gatewayChannels }),
  redirectUrl: text('redirect_url'),
  providerStatus: text('provider_status'),
  payCode: text('pay_code'),
  checkAfter: text('check_after'),
  /** What the order page shows to pay a direct charge (migration 0030, issue 37). */
  qrString: text('qr_string'),
  billerCode: text('biller_code'),
  deeplinkUrl: text('deeplink_url'),
  payExpiresAt: text('pay_expires_at'),
});

/** The gateway's word on an attempt, one row per status it reached (migration 0025). */
export const paymentNotifications = sqliteTable('payment_notifications', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  orderId: text('order_id').notNull(),
  source: text('source', { enum: ['notification', 'poll'] }).notNull(),
  transactionStatus: text('transaction_status').notNull(),
  fraudStatus: text('fraud_status'),
  paymentType: text('payment_type'),
  transactionId: text('transaction_id'),
  grossAmount: text('gross_amount'),
  outcome: text('outcome', { enum: ['paid', 'pending', 'failed', 'refund', 'flagged', 'ignored'] }).notNull(),
  createdAt: createdAt(),
});

/** The order's timeline (migration 0013): one row per status change or payment step. */
export const orderEvents = sqliteTable('order_events', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  type: text('type', { enum: orderEventTypes }).notNull(),
  status: text('status', { enum: orderStatuses }).notNull(),
  actor: text('actor', { enum: orderActors }).notNull(),
  actorId: text('actor_id'),
  note: text('note'),
  createdAt: createdAt(),
});

export const orderItems = sqliteTable('order_items', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  productId: text('product_id'),
  productName: text('product_name').notNull(),
  productPrice: integer('product_price').notNull(),
  /** The size bought; null on lines from before sizes, and after the size is removed. */
  variantId: text('variant_id'),
  sizeMl: integer('size_ml'),
  quantity: integer('quantity').notNull(),
  subtotal: integer('subtotal').notNull(),
});

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    orderId: text('order_id').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const customerService = sqliteTable('customer_service', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('general'),
  priority: text('priority').notNull().default('medium'),
  status: text('status').notNull().default('active'),
  fileUrl: text('file_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The sender of a contact-form message (migration 0055): the address the admin's reply goes to. */
  contactEmail: text('contact_email'),
});

/**
 * FTS5 indexes of the admin's searches (migration 0016; prefix indexes of 2–10 characters since
 * 0017): external content, keyed by the rowid of `orders` and `customer_service`, kept by
 * triggers; only ever queried with MATCH.
 */
export const ordersFts = sqliteTable('orders_fts', {
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
});

/** Customers by name and email words (migration 0056), as orders_fts. */
export const profilesFts = sqliteTable('profiles_fts', {
  name: text('name').notNull(),
  email: text('email').notNull(),
});

export const customerServiceFts = sqliteTable('customer_service_fts', {
  title: text('title').notNull(),
  description: text('description').notNull(),
});

/**
 * Totals kept by triggers: 'products', 'collections', 'orders:<status>', 'sales:<status>'
 * (migration 0012), 'payments:<status>' (0013) and 'cs:<status>:<category>:<priority>' of the
 * customer-service records (0017), 'reviews:<status>' (0036).
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

/** Each paid order's keys as it became paid, kept by triggers (migration 0052, decision 055). */
export const salesOrders = sqliteTable('sales_orders', {
  orderId: text('order_id').primaryKey(),
  userId: text('user_id').notNull(),
  /** The WIB day the order was placed, YYYY-MM-DD. */
  day: text('day').notNull(),
  total: integer('total').notNull(),
  channel: text('channel').notNull(),
  province: text('province').notNull(),
  courier: text('courier').notNull(),
  voucher: text('voucher'),
  returningCustomer: integer('returning_customer', { mode: 'boolean' }).notNull(),
});

/** The paid orders' sums per WIB day and dimension, kept by triggers (migration 0052, decision 055). */
export const salesDaily = sqliteTable(
  'sales_daily',
  {
    dimension: text('dimension').notNull(),
    day: text('day').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    orders: integer('orders').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.day, table.key] })],
);

/** Which days each preset's product and size snapshot covers (migration 0059, decision 055). */
export const analyticsSnapshots = sqliteTable(
  'analytics_snapshots',
  {
    dimension: text('dimension').notNull(),
    days: integer('days').notNull(),
    firstDay: text('first_day').notNull(),
    lastDay: text('last_day').notNull(),
    builtAt: text('built_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.days] })],
);

/** A snapshot's sums per key: sales_daily over its days (migration 0059, decision 055). */
export const analyticsSnapshotRows = sqliteTable(
  'analytics_snapshot_rows',
  {
    dimension: text('dimension').notNull(),
    days: integer('days').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    labelDay: text('label_day').notNull(),
    orders: integer('orders').notNull(),
    revenue: integer('revenue').notNull(),
    units: integer('units').notNull(),
  },
  // Read by its top rows through the index analytics_snapshot_rows_top (migration 0059).
  (table) => [primaryKey({ columns: [table.dimension, table.days, table.key] })],
);

/** The edge cache's version, one row: triggers draw a new token on every write a guest could see (migration 0018). */
export const cacheVersion = sqliteTable('cache_version', {
  id: integer('id').primaryKey(),
  token: text('token').notNull(),
  /** When the Cron last looked for a sale's start or end (migration 0041). */
  salesCheckedAt: text('sales_checked_at'),
});

export const shippingZones = sqliteTable('shipping_zones', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** A province code ('32') or a regency/city code ('32.71') in one zone. */
export const shippingZoneAreas = sqliteTable('shipping_zone_areas', {
  areaCode: text('area_code').primaryKey(),
  zoneId: text('zone_id').notNull(),
});

export const shippingServices = sqliteTable('shipping_services', {
  id: text('id').primaryKey(),
  zoneId: text('zone_id').notNull(),
  name: text('name').notNull(),
  baseFee: integer('base_fee').notNull(),
  perItemFee: integer('per_item_fee').notNull().default(0),
  etaMinDays: integer('eta_min_days').notNull(),
  etaMaxDays: integer('eta_max_days').notNull(),
  position: integer('position').notNull().default(0),
});

export const customerAddresses = sqliteTable('customer_addresses', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  customerName: text('customer_name').notNull(),
  customerPhone: text('customer_phone').notNull(),
  provinceCode: text('province_code').notNull(),
  regencyCode: text('regency_code').notNull(),
  districtCode: text('district_code').notNull(),
  postalCode: text('postal_code').notNull(),
  street: text('street').notNull(),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A verified buyer's review of a product, one per product per customer (migration 0036). */
export const reviews = sqliteTable('reviews', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull(),
  userId: text('user_id').notNull(),
  rating: integer('rating').notNull(),
  body: text('body').notNull(),
  /** The wear-test: the three together or none. */
  wearHours: integer('wear_hours'),
  projection: text('projection', { enum: reviewProjections }),
  wornInHeat: integer('worn_in_heat', { mode: 'boolean' }),
  forOffice: integer('for_office', { mode: 'boolean' }).notNull().default(false),
  forNight: integer('for_night', { mode: 'boolean' }).notNull().default(false),
  forEvent: integer('for_event', { mode: 'boolean' }).notNull().default(false),
  forDaily: integer('for_daily', { mode: 'boolean' }).notNull().default(false),
  status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
  hiddenReason: text('hidden_reason'),
  reply: text('reply'),
  repliedAt: text('replied_at'),
  /** Kept by the review_votes triggers. */
  helpfulCount: integer('helpful_count').notNull().default(0),
  submittedAt: text('submitted_at').notNull().default(now),
  publishedAt: text('published_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A review's photo, uploaded before the review takes it (review_id null until then). */
export const reviewPhotos = sqliteTable('review_photos', {
  imageKey: text('image_key').primaryKey(),
  userId: text('user_id').notNull(),
  reviewId: text('review_id'),
  position: integer('position').notNull().default(0),
  widths: widthList('widths').notNull().default([]),
  createdAt: createdAt(),
  /** The product a review link's upload is for (migration 0063): only that review takes it; null when signed in. */
  productId: text('product_id'),
});

export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: text('review_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** The published reviews' figures of a product, kept by the reviews' triggers (migrations 0036, 0048). */
export const productReviewStats = sqliteTable('product_review_stats', {
  productId: text('product_id').primaryKey(),
  reviewCount: integer('review_count').notNull().default(0),
  ratingTotal: integer('rating_total').notNull().default(0),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  wearCount: integer('wear_count').notNull().default(0),
  wearHoursTotal: integer('wear_hours_total').notNull().default(0),
  projectionDekat: integer('projection_dekat').notNull().default(0),
  projectionSedang: integer('projection_sedang').notNull().default(0),
  projectionKuat: integer('projection_kuat').notNull().default(0),
  heatCount: integer('heat_count').notNull().default(0),
  forOffice: integer('for_office').notNull().default(0),
  forNight: integer('for_night').notNull().default(0),
  forEvent: integer('for_event').notNull().default(0),
  forDaily: integer('for_daily').notNull().default(0),
});

/**
 * A published review entering (+1) or leaving (-1) its product's figures: written by the reviews'
 * triggers, applied and removed by `review_stat_moves_apply` in the same statement (migration 0048),
 * so the table is always empty; the worker never touches it.
 */
export const reviewStatMoves = sqliteTable('review_stat_moves', {
  sign: integer('sign').notNull(),
  productId: text('product_id').notNull(),
  rating: integer('rating').notNull(),
  wearHours: integer('wear_hours'),
  projection: text('projection'),
  wornInHeat: integer('worn_in_heat'),
  forOffice: integer('for_office').notNull(),
  forNight: integer('for_night').notNull(),
  forEvent: integer('for_event').notNull(),
  forDaily: integer('for_daily').notNull(),
});

/**
 * Products whose `price_now` must be read again, as a sale's targets (all empty: every product):
 * written by triggers and the Cron, applied and removed by `price_now_moves_apply` in the same
 * statement (migration 0060), so the table is always empty.
 */
export const priceNowMoves = sqliteTable('price_now_moves', {
  productIds: text('product_ids').notNull().default('[]'),
  collectionIds: text('collection_ids').notNull().default('[]'),
  variantIds: text('variant_ids').notNull().default('[]'),
});

/** A customer's favourites, at most 200 (migration 0039's trigger; decision 043). */
export const favorites = sqliteTable(
  'favorites',
  {
    userId: text('user_id').notNull(),
    productId: text('product_id').notNull(),
    addedAt: text('added_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** A product's BPOM notification, halal certificate and ingredients (migration 0039). */
export const productTrustMarks = sqliteTable('product_trust_marks', {
  productId: text('product_id').primaryKey(),
  bpomNumber: text('bpom_number'),
  /** The notification's last valid day, 'YYYY-MM-DD' (WIB). */
  bpomValidUntil: text('bpom_valid_until'),
  halalNumber: text('halal_number'),
  ingredients: text('ingredients'),
});

/** The reminders sent before a notification ends: one per product, end date and threshold. */
export const bpomReminders = sqliteTable(
  'bpom_reminders',
  {
    productId: text('product_id').notNull(),
    validUntil: text('valid_until').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: text('sent_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.productId, t.validUntil, t.daysBefore] })],
);

/** 'Kabari Saya': one ask per size and address, due once the size is back (migration 0038). */
export const backInStockSubscriptions = sqliteTable('back_in_stock_subscriptions', {
  id: text('id').primaryKey(),
  variantId: text('variant_id').notNull(),
  email: text('email').notNull(),
  userId: text('user_id'),
  dueAt: text('due_at'),
  createdAt: createdAt(),
});

/** Addresses that asked for no more marketing email (migration 0038). */
export const marketingSuppressions = sqliteTable('marketing_suppressions', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/** The admin's voucher codes (migration 0037); uses, discount and sales kept by triggers. */
export const vouchers = sqliteTable('vouchers', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  kind: text('kind', { enum: ['percent', 'fixed', 'shipping'] }).notNull(),
  value: integer('value').notNull(),
  minSpend: integer('min_spend').notNull().default(0),
  startsAt: text('starts_at'),
  endsAt: text('ends_at'),
  usageLimit: integer('usage_limit'),
  perCustomerLimit: integer('per_customer_limit'),
  /** JSON arrays of ids; all three empty: the whole order. */
  productIds: text('product_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  collectionIds: text('collection_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  variantIds: text('variant_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  combinesWithSale: integer('combines_with_sale', { mode: 'boolean' }).notNull().default(true),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  usesCount: integer('uses_count').notNull().default(0),
  discountTotal: integer('discount_total').notNull().default(0),
  salesTotal: integer('sales_total').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** One row per live order that used a voucher, written in the order's batch (migration 0037). */
export const voucherUses = sqliteTable('voucher_uses', {
  orderId: text('order_id').primaryKey(),
  voucherId: text('voucher_id').notNull(),
  userId: text('user_id').notNull(),
  discount: integer('discount').notNull(),
  orderTotal: integer('order_total').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Order updates on WhatsApp, sent like the email outbox (migration 0042, decision 049). */
export const whatsappOutbox = sqliteTable('whatsapp_outbox', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  event: text('event', { enum: ['order_placed', 'paid', 'shipped', 'delivered'] }).notNull(),
  /** E.164 digits without the plus ('62812…'). */
  toPhone: text('to_phone').notNull(),
  template: text('template').notNull(),
  /** The template's body parameters, in order. */
  parameters: text('parameters', { mode: 'json' }).$type<string[]>().notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: text('next_attempt_at').notNull().default('1970-01-01T00:00:00.000Z'),
  lastError: text('last_error'),
  messageId: text('message_id'),
  createdAt: createdAt(),
  sentAt: text('sent_at'),
});

/** A delivered order's review request email, done once (migration 0044, decision 047). */
export const reviewRequests = sqliteTable('review_requests', {
  orderId: text('order_id').primaryKey(),
  outcome: text('outcome', { enum: ['sent', 'unsubscribed', 'reviewed'] }).notNull(),
  createdAt: createdAt(),
});

/** The admin's timed sales (migration 0041); their price is services/sale-price.ts'. */
export const sales = sqliteTable('sales', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  value: integer('value').notNull(),
  startsAt: text('starts_at').notNull(),
  endsAt: text('ends_at').notNull(),
  /** JSON arrays of ids; all three empty: every size. */
  productIds: text('product_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  collectionIds: text('collection_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  variantIds: text('variant_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** A customer's cart kept on the server (migration 0043, decision 050): sizes and quantities only. */
export const savedCartLines = sqliteTable(
  'saved_cart_lines',
  {
    userId: text('user_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variantId] })],
);

/** When a saved cart last changed, and its one reminder's due time (saved_carts_due). */
export const savedCarts = sqliteTable('saved_carts', {
  userId: text('user_id').primaryKey(),
  changedAt: text('changed_at').notNull(),
  remindAt: text('remind_at'),
  remindedAt: text('reminded_at'),
});

/** An invitation to join the staff (migration 0049, decision 052); its link is a signed token naming it. */
export const staffInvites = sqliteTable('staff_invites', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  role: text('role', { enum: staffRoles }).notNull(),
  invitedBy: text('invited_by'),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
  acceptedAt: text('accepted_at'),
});

/** A staff account's TOTP secret, sealed (migration 0050, decision 053); enabled once a code confirmed it. */
export const userTwoFactor = sqliteTable('user_two_factor', {
  userId: text('user_id').primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: text('enabled_at'),
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Hashes of a staff account's single-use recovery codes (migration 0050). */
export const twoFactorRecoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The audit trail (migration 0051, decision 054): appended by worker/src/lib/audit.ts, never edited. */
export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull(),
  userName: text('user_name').notNull(),
  userEmail: text('user_email').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  action: text('action').notNull(),
  beforeJson: text('before_json'),
  afterJson: text('after_json'),
  createdAt: createdAt(),
});

/** An order's invoice number, given once when its money is first received (migration 0054, decision 057). */
export const invoices = sqliteTable('invoices', {
  orderId: text('order_id').primaryKey(),
  seq: integer('seq').notNull().unique(),
  number: text('number').notNull().unique(),
  issuedAt: text('issued_at').notNull(),
});

/** Booking on payment (migration 0055, decision 058): one row per order, on the outbox queue. */
export const shipmentBookings = sqliteTable('shipment_bookings', {
  /** The order's id. */
  id: text('id').primaryKey(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: text('next_attempt_at').notNull().default('1970-01-01T00:00:00.000Z'),
  lastError: text('last_error'),
  /** The booked waybill. */
  messageId: text('message_id'),
  createdAt: createdAt(),
  sentAt: text('sent_at'),
});

/** Something that keeps failing, told to the owner once (migration 0055, decision 058). */
export const incidents = sqliteTable('incidents', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['watching', 'open', 'resolved'] })
    .notNull()
    .default('watching'),
  failures: integer('failures').notNull().default(1),
  lastError: text('last_error'),
  startedAt: text('started_at').notNull(),
  lastFailedAt: text('last_failed_at').notNull(),
  openedAt: text('opened_at'),
  resolvedAt: text('resolved_at'),
});

/** The admin's emailed replies to a contact message (migration 0055). */
export const customerServiceReplies = sqliteTable('customer_service_replies', {
  id: text('id').primaryKey(),
  recordId: text('record_id').notNull(),
  body: text('body').notNull(),
  authorId: text('author_id'),
  authorName: text('author_name').notNull(),
  createdAt: createdAt(),
});

/** A size's one low-stock email of its stay at or below the threshold (migration 0056, decision 059). */
export const stockAlerts = sqliteTable('stock_alerts', {
  variantId: text('variant_id').primaryKey(),
  alertedAt: text('alerted_at').notNull(),
});

/** A discovery set's sample sizes and how many of each one set takes (migration 0064, decision 061). */
export const variantComponents = sqliteTable(
  'variant_components',
  {
    setVariantId: text('set_variant_id').notNull(),
    componentVariantId: text('component_variant_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.setVariantId, t.componentVariantId] })],
);

/** The component units an order's discovery sets took, what its cancel puts back (migration 0064). */
export const orderSetUnits = sqliteTable(
  'order_set_units',
  {
    orderId: text('order_id').notNull(),
    variantId: text('variant_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.variantId] })],
);

/** A credit toward a full bottle earned by a sample or set line (migration 0066, decision 061 part B). */
export const sampleCredits = sqliteTable('sample_credits', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  sourceOrderId: text('source_order_id').notNull(),
  sourceVariantId: text('source_variant_id'),
  sourceName: text('source_name').notNull(),
  /** The products whose full bottle it pays toward. */
  productIds: text('product_ids', { mode: 'json' }).$type<string[]>().notNull(),
  amount: integer('amount').notNull(),
  validDays: integer('valid_days').notNull(),
  status: text('status', { enum: ['pending', 'available', 'void'] })
    .notNull()
    .default('pending'),
  availableAt: text('available_at'),
  expiresAt: text('expires_at'),
  createdAt: text('created_at').notNull(),
});

/** A credit's one use, written in the using order's batch; its cancel deletes it (migration 0066). */
export const sampleCreditUses = sqliteTable('sample_credit_uses', {
  creditId: text('credit_id').primaryKey(),
  orderId: text('order_id').notNull(),
  userId: text('user_id').notNull(),
  amount: integer('amount').notNull(),
  createdAt: text('created_at').notNull(),
});
