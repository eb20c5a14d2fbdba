import { formatDateTime, formatRupiah, type VoucherKind, type VoucherRefusal } from '@gi/contracts';

// A voucher's discount on a priced cart, in whole rupiah: the one rule the check
// (POST /api/vouchers/check) and placing an order both call (decision 041). Pure: what it
// needs from D1 (the voucher, the lines' collections, the customer's uses) is read before.

export interface VoucherRule {
  code: string;
  kind: VoucherKind;
  value: number;
  minSpend: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  productIds: string[];
  collectionIds: string[];
  variantIds: string[];
  active: boolean;
  usesCount: number;
  /** Whether it applies to lines priced by a timed sale (decision 046). */
  combinesWithSale: boolean;
}

export interface DiscountLine {
  productId: string;
  variantId: string;
  productPrice: number;
  quantity: number;
  /** Priced by a timed sale now (orders/cart.ts): `productPrice` is the sale's. */
  onSale: boolean;
  /** The collections its product is in. */
  collectionIds: string[];
}

export interface DiscountInput {
  lines: DiscountLine[];
  /** The server's shipping fee, or null when no shipping was chosen yet (the check). */
  shippingFee: number | null;
  /** The customer's live orders with this voucher. */
  customerUses: number;
  now: string;
}

export type DiscountResult =
  /** `lineIds`: the variant ids of the lines it took off (Kredit Sampel's "price paid" reads them). */
  { ok: true; discount: number; lineIds: string[] } | { ok: false; code: VoucherRefusal; message: string };

/** The Indonesian message of each refusal, shown under 'Kode Voucher'. */
export const voucherMessages = {
  voucher_not_found: 'Kode voucher tidak ditemukan. Periksa kembali penulisannya.',
  voucher_not_started: (startsAt: string) => `Voucher ini baru berlaku mulai ${startsAt}.`,
  voucher_expired: 'Masa berlaku voucher ini sudah berakhir.',
  voucher_min_spend: (minSpend: number) =>
    `Voucher ini berlaku untuk belanja minimal ${formatRupiah(minSpend)}.`,
  voucher_used_up: 'Kuota voucher ini sudah habis.',
  voucher_used_up_customer: 'Anda sudah memakai voucher ini sebanyak batas per pelanggan.',
  voucher_not_applicable: 'Voucher ini tidak berlaku untuk produk di keranjang Anda.',
  voucher_not_with_sale: 'Voucher ini tidak berlaku untuk produk yang sedang promo.',
  voucher_shipping_needed: 'Pilih layanan pengiriman dahulu untuk memakai voucher ongkos kirim.',
  voucher_shipping_free: 'Ongkos kirim pesanan ini sudah gratis, jadi voucher ongkos kirim tidak berlaku.',
} as const;

/** A UTC moment as the shopper reads it, in WIB. */
const wib = (iso: string) => `${formatDateTime(iso)} WIB`;

const refuse = (code: VoucherRefusal, message: string): DiscountResult => ({ ok: false, code, message });

/** Whether a line is one the voucher's targets name; no targets: every line. */
function eligible(rule: VoucherRule, line: DiscountLine): boolean {
  if (rule.productIds.length === 0 && rule.collectionIds.length === 0 && rule.variantIds.length === 0) {
    return true;
  }
  return (
    rule.productIds.includes(line.productId) ||
    rule.variantIds.includes(line.variantId) ||
    line.collectionIds.some((id) => rule.collectionIds.includes(id))
  );
}

/**
 * The discount of `rule` on this cart, or why it does not apply. Min spend is on the whole items'
 * subtotal (at sale prices); a percent or fixed voucher takes off the eligible lines only (a percent
 * rounded down), never more than them, and a sale-priced line is eligible only when the voucher
 * combines with sales (then at its sale price); a shipping voucher takes off the shipping fee, at
 * most `value`, when an eligible line is left.
 */
export function voucherDiscount(rule: VoucherRule, input: DiscountInput): DiscountResult {
  if (!rule.active) return refuse('voucher_not_found', voucherMessages.voucher_not_found);
  if (rule.startsAt && input.now < rule.startsAt) {
    return refuse('voucher_not_started', voucherMessages.voucher_not_started(wib(rule.startsAt)));
  }
  if (rule.endsAt && input.now >= rule.endsAt)
    return refuse('voucher_expired', voucherMessages.voucher_expired);
  if (rule.usageLimit !== null && rule.usesCount >= rule.usageLimit) {
    return refuse('voucher_used_up', voucherMessages.voucher_used_up);
  }
  if (rule.perCustomerLimit !== null && input.customerUses >= rule.perCustomerLimit) {
    return refuse('voucher_used_up', voucherMessages.voucher_used_up_customer);
  }
  const subtotal = input.lines.reduce((sum, line) => sum + line.productPrice * line.quantity, 0);
  if (subtotal < rule.minSpend)
    return refuse('voucher_min_spend', voucherMessages.voucher_min_spend(rule.minSpend));
  const targeted = input.lines.filter((line) => eligible(rule, line));
  if (targeted.length === 0) return refuse('voucher_not_applicable', voucherMessages.voucher_not_applicable);
  // A voucher that does not combine with sales takes nothing off a sale-priced line (decision 046);
  // with only such lines left it does not apply at all, a shipping voucher included.
  const lines = rule.combinesWithSale ? targeted : targeted.filter((line) => !line.onSale);
  if (lines.length === 0) return refuse('voucher_not_applicable', voucherMessages.voucher_not_with_sale);
  const base = lines.reduce((sum, line) => sum + line.productPrice * line.quantity, 0);
  const lineIds = lines.map((line) => line.variantId);
  switch (rule.kind) {
    case 'percent':
      return { ok: true, discount: Math.min(base, Math.floor((base * rule.value) / 100)), lineIds };
    case 'fixed':
      return { ok: true, discount: Math.min(base, rule.value), lineIds };
    case 'shipping':
      if (input.shippingFee === null) {
        return refuse('voucher_not_applicable', voucherMessages.voucher_shipping_needed);
      }
      if (input.shippingFee === 0)
        return refuse('voucher_not_applicable', voucherMessages.voucher_shipping_free);
      return { ok: true, discount: Math.min(input.shippingFee, rule.value), lineIds };
  }
}
