import type { SampleCreditPreview, SampleCreditSettings } from '@gi/contracts';
import { type Db, nowIso } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { type PricedCart, pricedCart } from '../orders/cart.ts';
import type { CreditUse, EarnedCredit } from '../orders/record.ts';
import { availableCredits, setProductsOf } from '../services/sample-credits.ts';
import { applyCredits, creditsEarned, isCreditSource, isFullBottle } from './sample-credit-rule.ts';
import type { PricedVoucher } from './vouchers.ts';

// 'Kredit Sampel' at checkout (decision 061 part B): the customer's credits applied to the
// server's cart after the voucher, and the credits its sample and set lines earn. The browser
// sends nothing about credits; the order's batch checks the uses again (sample_credit_uses_guard).

/** The D1 message of migration 0066's guard: a credit a racing order took, or no longer usable. */
export const SAMPLE_CREDIT_TAKEN = 'sample_credit_taken';

/** The batch was refused by the guard and rolled back whole: nothing was written. */
export const creditTakenRefusal = () =>
  new AppError(
    409,
    'sample_credit_used',
    'Kredit Sampel Anda baru saja dipakai atau berubah. Periksa total lalu tekan Buat Pesanan lagi.',
  );

type Voucher = Pick<PricedVoucher, 'kind' | 'discount' | 'lineIds'>;

/** The voucher's discount on the items: a shipping voucher takes nothing off them. */
const itemsDiscountOf = (voucher: Voucher | undefined) =>
  voucher && voucher.kind !== 'shipping' ? voucher.discount : 0;

/**
 * The customer's usable credits taken by the cart's full bottles after `voucher`, capped at the
 * items left; no read without a full bottle in the cart.
 */
export async function priceSampleCredits(
  db: Db,
  userId: string,
  cart: Pick<PricedCart, 'lines' | 'subtotal'>,
  voucher: Voucher | undefined,
): Promise<{ uses: CreditUse[]; total: number }> {
  if (!cart.lines.some(isFullBottle)) return { uses: [], total: 0 };
  const credits = await availableCredits(db, userId, nowIso());
  const { uses, total } = applyCredits(credits, cart.lines, {
    subtotal: cart.subtotal,
    itemsDiscount: itemsDiscountOf(voucher),
  });
  return { uses: uses.map(({ creditId, amount }) => ({ creditId, amount })), total };
}

/**
 * The credits the cart's sample and set lines earn while the admin offers them; a set's samples'
 * products are read only when the cart holds a set.
 */
export async function earnCredits(
  db: Db,
  cart: Pick<PricedCart, 'lines'>,
  voucher: Voucher | undefined,
  settings: SampleCreditSettings,
): Promise<EarnedCredit[]> {
  if (!settings.enabled || !cart.lines.some(isCreditSource)) return [];
  const sets = cart.lines.filter((line) => line.isSet).map((line) => line.variantId);
  return creditsEarned(cart.lines, voucher, settings.validDays, await setProductsOf(db, sets));
}

/**
 * POST /api/sample-credits/preview: the credits the order would apply to these lines, before the
 * cap (the page caps them with the voucher's answer, capSampleCredit). No voucher here: its
 * throttled check stays the only way to try codes.
 */
export async function previewSampleCredits(
  db: Db,
  userId: string,
  items: { productId: string; variantId: string; quantity: number }[],
): Promise<SampleCreditPreview> {
  const cart = await pricedCart(db, items);
  if (!cart.lines.some(isFullBottle)) return { credit_amount: 0, credits: [] };
  const credits = await availableCredits(db, userId, nowIso());
  // Without a discount the cap (the items' subtotal) never binds: each use is at most its unit.
  const { uses, total } = applyCredits(credits, cart.lines, { subtotal: cart.subtotal, itemsDiscount: 0 });
  const byId = new Map(credits.map((credit) => [credit.id, credit]));
  return {
    credit_amount: total,
    credits: uses.map((use) => ({
      id: use.creditId,
      source_name: byId.get(use.creditId)?.sourceName ?? '',
      product_name: use.productName,
      amount: use.amount,
    })),
  };
}
