import { describe, expect, it } from 'vitest';
import { type DiscountLine, type VoucherRule, voucherDiscount } from './voucher-discount.ts';

// The one pricing rule of a voucher (decision 041), at its edges.

const RULE: VoucherRule = {
  code: 'UJI',
  kind: 'percent',
  value: 10,
  minSpend: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  productIds: [],
  collectionIds: [],
  variantIds: [],
  active: true,
  usesCount: 0,
  combinesWithSale: true,
};
const line = (price: number, quantity = 1, ids: Partial<DiscountLine> = {}): DiscountLine => ({
  productId: 'p1',
  variantId: 'v1',
  productPrice: price,
  quantity,
  onSale: false,
  collectionIds: [],
  ...ids,
});
const at = (
  rule: Partial<VoucherRule>,
  now: string,
  lines = [line(100_000)],
  shippingFee: number | null = 15_000,
) => voucherDiscount({ ...RULE, ...rule }, { lines, shippingFee, customerUses: 0, now });

describe('voucherDiscount', () => {
  it('starts at the WIB minute entered and ends at the one entered, not a millisecond later or earlier', () => {
    // 1 December 00:00 WIB is 30 November 17:00 UTC; it ends 31 December 23:59 WIB.
    const rule = { startsAt: '2026-11-30T17:00:00.000Z', endsAt: '2026-12-31T16:59:00.000Z' };
    expect(at(rule, '2026-11-30T16:59:59.999Z')).toMatchObject({
      ok: false,
      code: 'voucher_not_started',
      message: 'Voucher ini baru berlaku mulai 1 Desember 2026 pukul 00.00 WIB.',
    });
    expect(at(rule, '2026-11-30T17:00:00.000Z')).toMatchObject({ ok: true, discount: 10_000 });
    expect(at(rule, '2026-12-31T16:58:59.999Z')).toMatchObject({ ok: true, discount: 10_000 });
    expect(at(rule, '2026-12-31T16:59:00.000Z')).toMatchObject({ ok: false, code: 'voucher_expired' });
  });

  it('rounds a percent down to whole rupiah and never goes over the eligible lines', () => {
    const now = '2026-12-01T00:00:00.000Z';
    expect(at({ value: 15 }, now, [line(33_333)])).toMatchObject({ ok: true, discount: 4_999 });
    expect(at({ value: 100 }, now, [line(33_333, 2)])).toMatchObject({ ok: true, discount: 66_666 });
    expect(at({ kind: 'fixed', value: 10_000 }, now, [line(7_500)])).toMatchObject({
      ok: true,
      discount: 7_500,
    });
  });

  it('discounts only the lines its products, sizes or collections name', () => {
    const now = '2026-12-01T00:00:00.000Z';
    const lines = [
      line(100_000, 1, { productId: 'a', variantId: 'a50' }),
      line(200_000, 1, { productId: 'b', variantId: 'b50', collectionIds: ['promo'] }),
      line(400_000, 1, { productId: 'c', variantId: 'c50' }),
    ];
    expect(at({ productIds: ['a'] }, now, lines)).toMatchObject({ ok: true, discount: 10_000 });
    expect(at({ collectionIds: ['promo'] }, now, lines)).toMatchObject({ ok: true, discount: 20_000 });
    expect(at({ variantIds: ['c50'], productIds: ['a'] }, now, lines)).toMatchObject({
      ok: true,
      discount: 50_000,
    });
    expect(at({ productIds: ['z'] }, now, lines)).toMatchObject({
      ok: false,
      code: 'voucher_not_applicable',
    });
  });

  it('min spend on the whole items, the limits, and a shipping voucher capped by the fee', () => {
    const now = '2026-12-01T00:00:00.000Z';
    expect(at({ minSpend: 100_001 }, now)).toMatchObject({ ok: false, code: 'voucher_min_spend' });
    expect(at({ minSpend: 100_000 }, now)).toMatchObject({ ok: true, discount: 10_000 });
    expect(at({ usageLimit: 3, usesCount: 3 }, now)).toMatchObject({ ok: false, code: 'voucher_used_up' });
    expect(
      voucherDiscount(
        { ...RULE, perCustomerLimit: 2 },
        { lines: [line(1_000)], shippingFee: null, customerUses: 2, now },
      ),
    ).toMatchObject({ ok: false, code: 'voucher_used_up' });
    expect(at({ active: false }, now)).toMatchObject({ ok: false, code: 'voucher_not_found' });
    expect(at({ kind: 'shipping', value: 10_000 }, now)).toMatchObject({ ok: true, discount: 10_000 });
    expect(at({ kind: 'shipping', value: 20_000 }, now)).toMatchObject({ ok: true, discount: 15_000 });
    expect(at({ kind: 'shipping', value: 20_000 }, now, [line(1)], 0)).toMatchObject({
      ok: false,
      code: 'voucher_not_applicable',
    });
  });

  it('stacks on sale prices only when it combines with sales; else skips sale lines, refusing when none is left', () => {
    const now = '2026-12-01T00:00:00.000Z';
    // A 20% sale priced the first line 80,000 (its regular 100,000 is not the base).
    const sale = line(80_000, 1, { productId: 'a', variantId: 'a50', onSale: true });
    const regular = line(50_000, 1, { productId: 'b', variantId: 'b50' });
    expect(at({ value: 10 }, now, [sale, regular])).toMatchObject({ ok: true, discount: 13_000 });
    expect(at({ value: 10, combinesWithSale: false }, now, [sale, regular])).toEqual({
      ok: true,
      discount: 5_000,
      lineIds: ['b50'],
    });
    expect(at({ kind: 'fixed', value: 60_000, combinesWithSale: false }, now, [sale, regular])).toEqual({
      ok: true,
      discount: 50_000,
      lineIds: ['b50'],
    });
    // Min spend still counts the whole cart at its sale prices.
    expect(at({ value: 10, minSpend: 130_000, combinesWithSale: false }, now, [sale, regular])).toEqual({
      ok: true,
      discount: 5_000,
      lineIds: ['b50'],
    });
    expect(at({ value: 10, combinesWithSale: false }, now, [sale])).toEqual({
      ok: false,
      code: 'voucher_not_applicable',
      message: 'Voucher ini tidak berlaku untuk produk yang sedang promo.',
    });
    expect(at({ kind: 'shipping', value: 20_000, combinesWithSale: false }, now, [sale])).toMatchObject({
      ok: false,
      code: 'voucher_not_applicable',
    });
    expect(at({ kind: 'shipping', value: 20_000, combinesWithSale: false }, now, [sale, regular])).toEqual({
      ok: true,
      discount: 15_000,
      lineIds: ['b50'],
    });
    // Targeted at the sale's product only: nothing of it is left to discount.
    expect(at({ value: 10, productIds: ['a'], combinesWithSale: false }, now, [sale, regular])).toMatchObject(
      {
        ok: false,
        code: 'voucher_not_applicable',
      },
    );
  });
});
