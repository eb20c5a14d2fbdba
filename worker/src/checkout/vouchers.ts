import type { VoucherCheck, VoucherKind, VoucherRefusal, voucherCheckSchema } from '@gi/contracts';
import type { z } from 'zod';
import { type Db, nowIso } from '../db/client.ts';
import type { Env } from '../env.ts';
import { resolveArea } from '../lib/areas.ts';
import { AppError } from '../lib/errors.ts';
import { type PricedCart, pricedCart } from '../orders/cart.ts';
import { collectionsOf, usesByCustomer, voucherByCode } from '../services/vouchers.ts';
import { orderShipping } from '../shipping/rates.ts';
import { voucherDiscount, voucherMessages } from './voucher-discount.ts';

// A shopper's code priced on the server's cart: what the check answers and what the order
// records (decision 041). The limits are enforced again by the triggers in the order's batch.

/** The D1 messages of migration 0037's limits, raised in the order's batch. */
export const VOUCHER_USED_UP = 'voucher_used_up';
export const VOUCHER_CUSTOMER_USED_UP = 'voucher_customer_used_up';

export interface PricedVoucher {
  id: string;
  code: string;
  kind: VoucherKind;
  discount: number;
  /** The variant ids of the lines its discount is on. */
  lineIds: string[];
}

/** A 422 whose message the checkout shows under 'Kode Voucher'. */
export const voucherRefusal = (code: VoucherRefusal, message: string) =>
  new AppError(422, code, message, { voucherCode: message });

/** The refusal of a code whose last use a racing order took (the batch's trigger fired). */
export const usedUpInBatch = (perCustomer: boolean) =>
  voucherRefusal(
    'voucher_used_up',
    perCustomer ? voucherMessages.voucher_used_up_customer : voucherMessages.voucher_used_up,
  );

/**
 * The discount `code` gives this customer's cart, `shippingFee` the server's (null before a
 * shipping choice); a refusal is a 422 naming the field.
 */
export async function priceVoucher(
  db: Db,
  userId: string,
  code: string,
  cart: Pick<PricedCart, 'lines'>,
  shippingFee: number | null,
): Promise<PricedVoucher> {
  const voucher = await voucherByCode(db, code);
  if (!voucher) throw voucherRefusal('voucher_not_found', voucherMessages.voucher_not_found);
  const [customerUses, collections] = await Promise.all([
    usesByCustomer(db, voucher.id, userId),
    voucher.collectionIds.length > 0
      ? collectionsOf(
          db,
          cart.lines.map((line) => line.productId),
        )
      : new Map<string, string[]>(),
  ]);
  const result = voucherDiscount(voucher, {
    lines: cart.lines.map((line) => ({ ...line, collectionIds: collections.get(line.productId) ?? [] })),
    shippingFee,
    customerUses,
    now: nowIso(),
  });
  if (!result.ok) throw voucherRefusal(result.code, result.message);
  return {
    id: voucher.id,
    code: voucher.code,
    kind: voucher.kind,
    discount: result.discount,
    lineIds: result.lineIds,
  };
}

/**
 * POST /api/vouchers/check: the cart priced from D1 and, when given, the shipping choice priced
 * as the order will price it (a zone's service or the server's courier quote), then the code.
 */
export async function checkVoucher(
  db: Db,
  env: Env,
  { userId, body, clientIp }: { userId: string; body: z.output<typeof voucherCheckSchema>; clientIp: string },
): Promise<VoucherCheck> {
  const cart = await pricedCart(db, body.items);
  let shippingFee: number | null = null;
  if (body.shipping) {
    const { districtCode, postalCode, shippingServiceId, shippingQuoteId } = body.shipping;
    const area = resolveArea(districtCode.slice(0, 2), districtCode.slice(0, 5), districtCode);
    if (!area) {
      throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
        'shipping.districtCode': 'Kecamatan tidak ditemukan',
      });
    }
    const shipping = await orderShipping(
      db,
      env,
      { regencyCode: area.regency.code, postalCode },
      cart,
      { serviceId: shippingServiceId, quoteId: shippingQuoteId },
      { clientIp, sessionId: userId },
    );
    shippingFee = shipping.fee;
  }
  const voucher = await priceVoucher(db, userId, body.voucherCode, cart, shippingFee);
  return {
    voucher_code: voucher.code,
    kind: voucher.kind,
    discount_amount: voucher.discount,
    subtotal_amount: cart.subtotal,
    shipping_fee: shippingFee,
    total_amount: shippingFee === null ? null : cart.subtotal - voucher.discount + shippingFee,
  };
}
