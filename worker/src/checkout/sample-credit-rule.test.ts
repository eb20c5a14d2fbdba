import { capSampleCredit } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { applyCredits, type CreditLine, creditsEarned, type UsableCredit } from './sample-credit-rule.ts';

// Kredit Sampel's pure rules (decision 061 part B): what a line earns, which credits a cart takes.

const line = (over: Partial<CreditLine> = {}): CreditLine => ({
  productId: 'melati',
  variantId: 'melati-2',
  sizeMl: 2,
  productName: 'Melati',
  productPrice: 25_000,
  quantity: 1,
  isSet: false,
  sampleCredit: null,
  ...over,
});
const bottle = (over: Partial<CreditLine> = {}) =>
  line({ variantId: 'melati-50', sizeMl: 50, productPrice: 300_000, ...over });
const credit = (over: Partial<UsableCredit> = {}): UsableCredit => ({
  id: 'k1',
  amount: 25_000,
  productIds: ['melati'],
  expiresAt: '2026-12-31T00:00:00.000Z',
  ...over,
});
const none = new Map<string, string[]>();

describe('creditsEarned', () => {
  it('gives the unit price paid (the sale price when on sale), once per line, the admin amount over it', () => {
    expect(creditsEarned([line({ quantity: 3 })], undefined, 60, none)).toEqual([
      {
        variantId: 'melati-2',
        sourceName: 'Melati 2 ml',
        productIds: ['melati'],
        amount: 25_000,
        validDays: 60,
      },
    ]);
    expect(creditsEarned([line({ productPrice: 20_000 })], undefined, 30, none)[0]?.amount).toBe(20_000);
    expect(creditsEarned([line({ sampleCredit: 40_000 })], undefined, 30, none)[0]?.amount).toBe(40_000);
    expect(creditsEarned([line({ sampleCredit: 0 })], undefined, 30, none)).toEqual([]);
  });

  it("takes an items voucher's share off the lines it discounted, rounded up; a shipping voucher nothing", () => {
    const lines = [line(), bottle()];
    // 10 % of 325.000 = 32.500 over both lines: the sample's share is ceil(32.500 × 25/325) = 2.500.
    const both = { kind: 'percent' as const, discount: 32_500, lineIds: ['melati-2', 'melati-50'] };
    expect(creditsEarned(lines, both, 30, none)[0]?.amount).toBe(22_500);
    // 1.000 over 3 × 7.000: ceil(1.000 × 7.000 / 21.000) = 334, never under what was paid.
    const three = [line({ productPrice: 7_000, quantity: 3 })];
    const fixed = { kind: 'fixed' as const, discount: 1_000, lineIds: ['melati-2'] };
    expect(creditsEarned(three, fixed, 30, none)[0]?.amount).toBe(6_666);
    const onBottle = { kind: 'fixed' as const, discount: 50_000, lineIds: ['melati-50'] };
    expect(creditsEarned(lines, onBottle, 30, none)[0]?.amount).toBe(25_000);
    const shipping = { kind: 'shipping' as const, discount: 10_000, lineIds: ['melati-2', 'melati-50'] };
    expect(creditsEarned(lines, shipping, 30, none)[0]?.amount).toBe(25_000);
  });

  it("gives a set one credit toward its samples' products; a full bottle nothing", () => {
    const set = line({
      productId: 'set',
      variantId: 'set-10',
      sizeMl: 10,
      productName: 'Set Pria',
      isSet: true,
    });
    const earned = creditsEarned(
      [set, bottle()],
      undefined,
      30,
      new Map([['set-10', ['melati', 'kenanga']]]),
    );
    expect(earned).toEqual([
      {
        variantId: 'set-10',
        sourceName: 'Set Pria 10 ml',
        productIds: ['melati', 'kenanga'],
        amount: 25_000,
        validDays: 30,
      },
    ]);
    expect(creditsEarned([bottle()], undefined, 30, none)).toEqual([]);
  });
});

describe('applyCredits', () => {
  const cart = (lines: CreditLine[], itemsDiscount = 0) => ({
    subtotal: lines.reduce((sum, one) => sum + one.productPrice * one.quantity, 0),
    itemsDiscount,
  });

  it('matches the same scent only, on full bottles only, at most the unit price', () => {
    const other = bottle({ productId: 'kenanga' });
    expect(applyCredits([credit()], [other], cart([other]))).toEqual({ uses: [], total: 0 });
    expect(applyCredits([credit()], [line()], cart([line()]))).toEqual({ uses: [], total: 0 });
    const cheap = bottle({ productPrice: 20_000 });
    expect(applyCredits([credit()], [cheap], cart([cheap]))).toEqual({
      uses: [{ creditId: 'k1', amount: 20_000, productName: 'Melati' }],
      total: 20_000,
    });
  });

  it('gives each unit, dearest first, the credit expiring soonest; one credit per unit', () => {
    const soon = credit({ id: 'soon', expiresAt: '2026-12-01T00:00:00.000Z', amount: 10_000 });
    const late = credit({ id: 'late' });
    const two = [bottle({ quantity: 2 })];
    expect(applyCredits([late, soon], two, cart(two)).uses).toEqual([
      { creditId: 'soon', amount: 10_000, productName: 'Melati' },
      { creditId: 'late', amount: 25_000, productName: 'Melati' },
    ]);
    const small = bottle({ variantId: 'melati-30', productPrice: 150_000 });
    const lines = [small, bottle()];
    expect(applyCredits([credit()], lines, cart(lines)).uses).toEqual([
      { creditId: 'k1', amount: 25_000, productName: 'Melati' },
    ]);
    const cheapFirst = [bottle({ productPrice: 10_000 }), bottle({ variantId: 'x', productPrice: 20_000 })];
    expect(applyCredits([credit()], cheapFirst, cart(cheapFirst)).uses).toEqual([
      { creditId: 'k1', amount: 20_000, productName: 'Melati' },
    ]);
  });

  it('is capped at the items after the voucher, trimming the last use; no Rp 1 floor', () => {
    const lines = [bottle({ productPrice: 30_000, quantity: 2 })];
    const credits = [
      credit({ id: 'a', amount: 30_000 }),
      credit({ id: 'b', amount: 30_000, expiresAt: '2027' }),
    ];
    expect(applyCredits(credits, lines, cart(lines, 20_000))).toEqual({
      uses: [
        { creditId: 'a', amount: 30_000, productName: 'Melati' },
        { creditId: 'b', amount: 10_000, productName: 'Melati' },
      ],
      total: 40_000,
    });
    // The voucher took all but 30.000: the second use is trimmed to 0 and its credit stays unused.
    expect(applyCredits(credits, lines, cart(lines, 30_000))).toEqual({
      uses: [{ creditId: 'a', amount: 30_000, productName: 'Melati' }],
      total: 30_000,
    });
    expect(capSampleCredit({ credit: 50_000, subtotal: 60_000, itemsDiscount: 10_000 })).toBe(50_000);
    expect(capSampleCredit({ credit: 50_000, subtotal: 40_000, itemsDiscount: 50_000 })).toBe(0);
  });
});
