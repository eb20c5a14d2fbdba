import { capSampleCredit, formatSize, SAMPLE_MAX_ML, type VoucherKind } from '@gi/contracts';
import type { CreditUse, EarnedCredit } from '../orders/record.ts';

// 'Kredit Sampel' (decision 061 part B), the pure rules: what a sample or set line earns and
// which of the customer's credits a cart's full bottles take. What they need from D1 (the credits,
// a set's samples' products, the setting) is read before.

/** A priced cart line as these rules read it (orders/cart.ts' PricedLine). */
export interface CreditLine {
  productId: string;
  variantId: string;
  sizeMl: number | null;
  productName: string;
  productPrice: number;
  quantity: number;
  /** A discovery set (decision 061): its credit pays toward its samples' products. */
  isSet: boolean;
  /** The admin's amount on a sample or set: null = the price paid, 0 = none. */
  sampleCredit: number | null;
}

/** The voucher priced on the cart, as far as "the price paid" needs it. */
export interface VoucherShare {
  kind: VoucherKind;
  discount: number;
  /** The lines its discount is on. */
  lineIds: string[];
}

/** A credit the customer may use now (services/sample-credits.ts availableCredits). */
export interface UsableCredit {
  id: string;
  amount: number;
  productIds: string[];
  expiresAt: string;
}

/** A credit taken by a bottle of `productName` (what the checkout preview names). */
export interface MatchedUse extends CreditUse {
  productName: string;
}

export const isFullBottle = (line: Pick<CreditLine, 'sizeMl' | 'isSet'>) =>
  line.sizeMl !== null && line.sizeMl > SAMPLE_MAX_ML && !line.isSet;

export const isCreditSource = (line: Pick<CreditLine, 'sizeMl' | 'isSet'>) =>
  line.isSet || (line.sizeMl !== null && line.sizeMl <= SAMPLE_MAX_ML);

/**
 * One unit of `line` as paid: its (sale) price less its share of an items voucher's discount when
 * that discount is on it, the share proportional over the voucher's lines and rounded up, so a
 * credit never exceeds what was paid.
 */
function paidUnit(line: CreditLine, voucher: VoucherShare | undefined, lines: CreditLine[]): number {
  if (!voucher || voucher.kind === 'shipping' || !voucher.lineIds.includes(line.variantId)) {
    return line.productPrice;
  }
  const base = lines
    .filter((other) => voucher.lineIds.includes(other.variantId))
    .reduce((sum, other) => sum + other.productPrice * other.quantity, 0);
  return line.productPrice - Math.ceil((voucher.discount * line.productPrice) / base);
}

/**
 * The credits a cart's sample and set lines earn: one per line, not per unit (a stack of samples
 * is no discount wallet), the admin's amount or else the unit's price paid; none of 0 or less.
 * `setProducts` holds each set's samples' products as they are now; `validDays` the setting.
 */
export function creditsEarned(
  lines: CreditLine[],
  voucher: VoucherShare | undefined,
  validDays: number,
  setProducts: Map<string, string[]>,
): EarnedCredit[] {
  return lines.flatMap((line) => {
    if (!isCreditSource(line)) return [];
    const amount = line.sampleCredit ?? paidUnit(line, voucher, lines);
    const productIds = line.isSet ? (setProducts.get(line.variantId) ?? []) : [line.productId];
    if (amount <= 0 || productIds.length === 0) return [];
    return [
      {
        variantId: line.variantId,
        sourceName: `${line.productName} ${formatSize(line.sizeMl)}`,
        productIds,
        amount,
        validDays,
      },
    ];
  });
}

/** Soonest expiry first; ties: the larger credit, then the id. */
const soonestFirst = (a: UsableCredit, b: UsableCredit) =>
  a.expiresAt < b.expiresAt
    ? -1
    : a.expiresAt > b.expiresAt
      ? 1
      : b.amount - a.amount || (a.id < b.id ? -1 : 1);

/**
 * The credits a cart's full bottles take, after the voucher (`itemsDiscount`: its discount on the
 * items, 0 for a shipping voucher): each bottle unit, dearest first, takes the soonest-expiring
 * unused credit of its scent, at most its price; the sum is capped (capSampleCredit) by trimming
 * the last uses, and a use trimmed to 0 is dropped. A use takes the whole credit (sekali pakai).
 */
export function applyCredits(
  credits: UsableCredit[],
  lines: Pick<CreditLine, 'productId' | 'productName' | 'productPrice' | 'quantity' | 'sizeMl' | 'isSet'>[],
  { subtotal, itemsDiscount }: { subtotal: number; itemsDiscount: number },
): { uses: MatchedUse[]; total: number } {
  const units = lines
    .filter(isFullBottle)
    .flatMap((line) => Array.from({ length: line.quantity }, () => line))
    .sort((a, b) => b.productPrice - a.productPrice);
  const left = [...credits].sort(soonestFirst);
  const uses: MatchedUse[] = [];
  for (const unit of units) {
    const index = left.findIndex((credit) => credit.productIds.includes(unit.productId));
    const credit = left[index];
    if (!credit) continue;
    left.splice(index, 1);
    uses.push({
      creditId: credit.id,
      amount: Math.min(credit.amount, unit.productPrice),
      productName: unit.productName,
    });
  }
  let over = uses.reduce((sum, use) => sum + use.amount, 0);
  const cap = capSampleCredit({ credit: over, subtotal, itemsDiscount });
  over -= cap;
  for (let i = uses.length - 1; i >= 0 && over > 0; i -= 1) {
    const use = uses[i] as MatchedUse;
    const cut = Math.min(use.amount, over);
    use.amount -= cut;
    over -= cut;
  }
  const kept = uses.filter((use) => use.amount > 0);
  return { uses: kept, total: kept.reduce((sum, use) => sum + use.amount, 0) };
}
