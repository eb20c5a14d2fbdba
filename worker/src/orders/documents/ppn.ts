import type { InvoiceSettings } from '@gi/contracts';

// PPN on the invoice (decision 057). UU HPP (UU 7/2021) sets PPN at 12% from 1 January 2025;
// PMK 131/2024 levies it on goods that are not luxury goods (perfume bears no PPnBM) at 12% of a
// "DPP nilai lain" of 11/12 of the selling price, so 11% of the selling price in effect. The
// shop's prices include PPN: the order's total is the selling price plus its PPN, 111/100 of it.

/** The total split for the invoice: harga jual + PPN = total, exactly, in integer rupiah. */
export interface PpnSplit {
  /** Harga jual (the selling price without PPN). */
  sellingPrice: number;
  /** DPP nilai lain: 11/12 of the selling price. */
  taxBase: number;
  /** PPN: 12% of the DPP nilai lain. */
  ppn: number;
}

/**
 * Rounding: PPN is the total's 11/111 rounded half up to the rupiah, the selling price is what
 * is left (so the two add to the total paid, to the rupiah), and the DPP is the selling price's
 * 11/12 rounded half up; 12% of that DPP is then within a rupiah of the PPN.
 */
export function splitPpn(total: number, tax: InvoiceSettings['tax']): PpnSplit | null {
  if (tax === 'none') return null;
  const ppn = Math.floor((total * 11) / 111 + 0.5);
  const sellingPrice = total - ppn;
  return { sellingPrice, taxBase: Math.floor((sellingPrice * 11) / 12 + 0.5), ppn };
}
