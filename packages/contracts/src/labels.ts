// Constants the storefront shows without validating anything: kept free of zod so
// importing a label never ships the schema library to a shopper (issue 7).

export const policyKinds = [
  'shipping-policy',
  'returns-policy',
  'privacy-policy',
  'terms-conditions',
] as const;
export type PolicyKind = (typeof policyKinds)[number];

/** Fixed titles of the policy records (product.md §4). */
export const policyTitles: Record<PolicyKind, string> = {
  'shipping-policy': 'Kebijakan Pengiriman',
  'returns-policy': 'Kebijakan Pengembalian',
  'privacy-policy': 'Kebijakan Privasi',
  'terms-conditions': 'Syarat & Ketentuan',
};

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const isOrderStatus = (status: string): status is OrderStatus =>
  (orderStatuses as readonly string[]).includes(status);

/**
 * Indonesian labels of the order statuses, for badges and the admin dropdown. An unpaid order
 * says what it waits for, in the payment's words (issue 29, defect 11).
 */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Menunggu Pembayaran',
  processing: 'Diproses',
  shipped: 'Dikirim',
  delivered: 'Diterima',
  cancelled: 'Dibatalkan',
};

/**
 * The order lifecycle (issue 14, decision 015): where each status may go. Forward only,
 * plus cancelling an order that is not yet shipped; a D1 trigger enforces the same graph.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  orderTransitions[from].includes(to);

/** Paid orders: what 'Total Penjualan' counts. */
export const paidOrderStatuses = [
  'processing',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

/**
 * One payment attempt. Bank transfer: 'pending' (waiting for the transfer), 'submitted'
 * (receipt uploaded, waiting for the admin), then 'paid' or 'rejected' (a new 'pending'
 * attempt follows, so the customer can upload again); 'void' when the order is cancelled.
 */
export const paymentStatuses = ['pending', 'submitted', 'paid', 'rejected', 'void'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Menunggu Pembayaran',
  submitted: 'Menunggu Verifikasi',
  paid: 'Pembayaran Diterima',
  rejected: 'Pembayaran Ditolak',
  void: 'Dibatalkan',
};

/** An order's badge: unpaid with a receipt under review, it waits for the admin's check, as its payment says. */
export const orderStateLabel = (status: OrderStatus, payment: PaymentStatus | null | undefined): string =>
  status === 'pending' && payment === 'submitted' ? paymentStatusLabels.submitted : orderStatusLabels[status];

/**
 * A cancelled order that had been paid (a receipt under review or a confirmed transfer):
 * 'needed' until the admin marks the money returned, 'refunded' after (decision 023).
 */
export const refundStatuses = ['needed', 'refunded'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundStatusLabels: Record<RefundStatus, string> = {
  needed: 'Perlu Refund',
  refunded: 'Sudah Direfund',
};

/**
 * Payment methods: the manual transfer (decision 015), a gateway (decision 026) and cash on
 * delivery (decision 034: the attempt stays pending until the courier reports the parcel delivered).
 */
export const paymentMethods = ['bank_transfer', 'midtrans', 'cod'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: 'Transfer Bank',
  midtrans: 'Midtrans',
  cod: 'Bayar di Tempat (COD)',
};

/** What an order's timeline records: every status change and every payment step. */
export const orderEventTypes = [
  'placed',
  'receipt_uploaded',
  'payment_confirmed',
  'payment_rejected',
  'shipped',
  'picked_up',
  'in_transit',
  'shipment_issue',
  'delivered',
  'cancelled',
  'expired',
] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

export const orderEventLabels: Record<OrderEventType, string> = {
  placed: 'Pesanan dibuat',
  receipt_uploaded: 'Bukti transfer diunggah',
  payment_confirmed: 'Pembayaran dikonfirmasi',
  payment_rejected: 'Pembayaran ditolak',
  shipped: 'Pesanan dikirim',
  picked_up: 'Kurir menjemput paket',
  in_transit: 'Dalam perjalanan',
  shipment_issue: 'Kendala pengiriman',
  delivered: 'Pesanan diterima',
  cancelled: 'Pesanan dibatalkan',
  expired: 'Dibatalkan otomatis: batas waktu pembayaran habis',
};

export const orderActors = ['customer', 'admin', 'system'] as const;
export type OrderActor = (typeof orderActors)[number];

export const orderActorLabels: Record<OrderActor, string> = {
  customer: 'Pelanggan',
  admin: 'Admin',
  system: 'Sistem',
};

/**
 * A shipment booked through the courier aggregator (decision 032): 'booking' while the aggregator
 * is asked, then the aggregator's status, normalised (worker/src/shipping/aggregator.ts).
 */
export const shipmentStatuses = [
  'booking',
  'confirmed',
  'scheduled',
  'allocated',
  'picking_up',
  'picked',
  'in_transit',
  'on_hold',
  'dropping_off',
  'return_in_transit',
  'delivered',
  'returned',
  'rejected',
  'disposed',
  'courier_not_found',
  'cancelled',
] as const;
export type ShipmentStatusName = (typeof shipmentStatuses)[number];

export const shipmentStatusLabels: Record<ShipmentStatusName, string> = {
  booking: 'Sedang dipesan ke kurir',
  confirmed: 'Pengiriman dipesan',
  scheduled: 'Penjemputan dijadwalkan',
  allocated: 'Kurir ditugaskan',
  picking_up: 'Kurir menuju lokasi penjemputan',
  picked: 'Paket dijemput kurir',
  in_transit: 'Dalam perjalanan',
  on_hold: 'Pengiriman tertahan',
  dropping_off: 'Sedang diantar ke penerima',
  return_in_transit: 'Dalam perjalanan kembali ke toko',
  delivered: 'Terkirim',
  returned: 'Dikembalikan ke toko',
  rejected: 'Ditolak kurir',
  disposed: 'Paket dimusnahkan',
  courier_not_found: 'Kurir tidak ditemukan',
  cancelled: 'Pengiriman dibatalkan',
};

/** Why a size's stock changed (GET /api/admin/stock/:variantId/changes). */
export const stockChangeReasons = ['created', 'form', 'order', 'cancel'] as const;
export type StockChangeReason = (typeof stockChangeReasons)[number];

export const stockChangeReasonLabels: Record<StockChangeReason, string> = {
  created: 'Ukuran baru',
  form: 'Diubah di formulir produk',
  order: 'Pesanan dibuat',
  cancel: 'Pesanan dibatalkan',
};
