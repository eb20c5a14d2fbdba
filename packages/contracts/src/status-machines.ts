// The shop's three status machines, each written once (issue 39): an order, a payment attempt and a
// shipment, with their states, Indonesian labels and moves, and the order timeline's words. The
// worker's checks, the admin's dropdown, the customer's buttons and both timelines read them here.
// The D1 triggers that guard the order's and the payment's moves whatever code writes them
// (migrations 0031, 0032) are tried against these moves pair by pair
// (worker/src/db/status-machines.test.ts); every trigger is listed in docs/triggers.md.
// Zod-free, like labels.ts: a shopper's page may import it.

/** One move of a machine; `when` names the condition it needs, none when it always holds. */
export interface Move<S extends string, W extends string = never> {
  from: S;
  to: S;
  when?: W;
}

/** Whether `from` → `to` is a move, given the conditions that hold (none: the unconditional moves only). */
export const allows = <S extends string, W extends string>(
  moves: readonly Move<S, W>[],
  from: S,
  to: S,
  holding: readonly W[] = [],
): boolean =>
  moves.some((move) => move.from === from && move.to === to && (!move.when || holding.includes(move.when)));

/** Where each state may go unconditionally. */
function unconditional<S extends string>(states: readonly S[], moves: readonly Move<S, string>[]) {
  const graph = {} as Record<S, readonly S[]>;
  for (const from of states) graph[from] = states.filter((to) => allows(moves, from, to));
  return graph;
}

/** A state no move leaves, whatever holds. */
const endsAt = <S extends string>(moves: readonly Move<S, string>[], status: S): boolean =>
  !moves.some((move) => move.from === status);

// The order (issue 14, decision 015).

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
 * 'cod_unpaid': the order's cash-on-delivery attempt is still open, so a parcel the courier
 * brought back to the shop unpaid cancels the shipped order and its units return (decision 034).
 */
export type OrderMoveCondition = 'cod_unpaid';

/**
 * The order lifecycle: forward only, a cancel before shipping, never the same status twice (two
 * racing requests cannot both pass), and the returned COD parcel's cancel.
 */
export const orderMoves: readonly Move<OrderStatus, OrderMoveCondition>[] = [
  { from: 'pending', to: 'processing' },
  { from: 'pending', to: 'cancelled' },
  { from: 'processing', to: 'shipped' },
  { from: 'processing', to: 'cancelled' },
  { from: 'shipped', to: 'delivered' },
  { from: 'shipped', to: 'cancelled', when: 'cod_unpaid' },
];

/** Where each status may go unconditionally: the admin's dropdown and the worker's checks. */
// Pure: a first page that shows no status leaves the machine out of its bundle.
export const orderTransitions = /* @__PURE__ */ unconditional(orderStatuses, orderMoves);

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => allows(orderMoves, from, to);

/** Delivered or cancelled: the order changes no more, so its page stops asking for news. */
export const isFinalOrderStatus = (status: OrderStatus): boolean => endsAt(orderMoves, status);

/**
 * The moves the customer makes from the order page: 'Batalkan Pesanan' while unpaid and
 * 'Pesanan Diterima' while shipped; anything else is the admin's or the system's.
 */
export const customerOrderMoves = {
  cancel: { from: 'pending', to: 'cancelled' },
  received: { from: 'shipped', to: 'delivered' },
} as const satisfies Record<string, Move<OrderStatus>>;

/** Paid orders: what 'Total Penjualan' counts. */
export const paidOrderStatuses = [
  'processing',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

// The order's timeline: one event per move of the order or step of its payment or parcel, in
// these words, by one of these actors.

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

// A payment attempt (decisions 015, 026, 034, 035).

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

/**
 * 'not_transfer': the attempt is a gateway's or cash on delivery, not a bank transfer. Such an
 * attempt fails straight from 'pending' (the gateway's deny or expiry), and money it takes after
 * it was voided or denied is still money received; a transfer's rejected receipt stays final.
 */
export type PaymentMoveCondition = 'not_transfer';

export const paymentMoves: readonly Move<PaymentStatus, PaymentMoveCondition>[] = [
  { from: 'pending', to: 'submitted' },
  { from: 'pending', to: 'paid' },
  { from: 'pending', to: 'void' },
  { from: 'pending', to: 'rejected', when: 'not_transfer' },
  { from: 'submitted', to: 'paid' },
  { from: 'submitted', to: 'rejected' },
  { from: 'submitted', to: 'void' },
  { from: 'void', to: 'paid', when: 'not_transfer' },
  { from: 'rejected', to: 'paid', when: 'not_transfer' },
];

// A shipment booked through the courier aggregator (decision 032).

/**
 * 'booking' while the aggregator is asked, then the aggregator's status, normalised
 * (worker/src/shipping/biteship.ts).
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

/**
 * Forward progress of a parcel: a shipment moves only to a higher rank (the aggregator's reports
 * arrive late and out of order; the worker's conditional update keeps to this, no trigger).
 * The shop's own 'booking' is below every status the aggregator answers; the final states share
 * the top rank, so none follows another.
 */
export const shipmentStatusRank: Record<ShipmentStatusName, number> = {
  booking: -1,
  confirmed: 0,
  scheduled: 1,
  allocated: 2,
  picking_up: 3,
  picked: 4,
  in_transit: 5,
  on_hold: 5,
  dropping_off: 6,
  return_in_transit: 7,
  delivered: 9,
  returned: 9,
  rejected: 9,
  disposed: 9,
  courier_not_found: 9,
  cancelled: 9,
};

/** Where the parcel's journey ends: the Cron stops asking the aggregator about it. */
export const finalShipmentStatuses: readonly ShipmentStatusName[] = [
  'delivered',
  'returned',
  'rejected',
  'disposed',
  'courier_not_found',
  'cancelled',
];

/** The order timeline's 'Kurir menjemput paket' follows the first of these… */
export const shipmentPickedUpStatuses: readonly ShipmentStatusName[] = [
  'picked',
  'in_transit',
  'dropping_off',
];
/** …and 'Dalam perjalanan' the first of these. */
export const shipmentInTransitStatuses: readonly ShipmentStatusName[] = ['in_transit', 'dropping_off'];

/** A final status the courier reports as a problem: the timeline's 'Kendala pengiriman' and the shop's email. */
export const shipmentIssueNotes: Partial<Record<ShipmentStatusName, string>> = {
  returned: 'Paket dikembalikan ke toko oleh kurir',
  rejected: 'Pengiriman ditolak oleh kurir',
  disposed: 'Paket dimusnahkan oleh kurir',
  courier_not_found: 'Tidak ada kurir yang menjemput paket',
  cancelled: 'Pengiriman dibatalkan di layanan kurir',
};
