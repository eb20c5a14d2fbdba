// Constants the storefront shows without validating anything: kept free of zod so
// importing a label never ships the schema library to a shopper (issue 7). The statuses of an
// order, a payment attempt and a shipment, their labels and the order timeline's words are their
// machines' (status-machines.ts).

import {
  type OrderStatus,
  orderStatusLabels,
  type PaymentStatus,
  paymentStatusLabels,
} from './status-machines.ts';

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
 * Payment methods: the manual transfer (decision 015), a gateway (decision 026), cash on
 * delivery (decision 034: the attempt stays pending until the courier reports the parcel delivered)
 * and none at all (decision 062: an order with nothing to pay, its Rp 0 attempt placed paid).
 */
export const paymentMethods = ['bank_transfer', 'midtrans', 'cod', 'free'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: 'Transfer Bank',
  midtrans: 'Midtrans',
  cod: 'Bayar di Tempat (COD)',
  free: 'Tanpa Pembayaran',
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
