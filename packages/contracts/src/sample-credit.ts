// The cap on 'Kredit Sampel' (decision 061 part B), shared by the Worker's checkout and the
// checkout page so both show the same total: the credit comes off the items after the voucher,
// never below zero, never off shipping or wrapping.

export interface CreditCapInput {
  /** The credits the server matched to full bottles (each already at most its bottle's price). */
  credit: number;
  subtotal: number;
  /** The voucher's discount on the items (0 for a shipping voucher or none). */
  itemsDiscount: number;
}

export function capSampleCredit({ credit, subtotal, itemsDiscount }: CreditCapInput): number {
  return Math.max(0, Math.min(credit, subtotal - itemsDiscount));
}
