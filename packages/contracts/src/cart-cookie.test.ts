import { describe, expect, it } from 'vitest';
import { cartCookieValue, MAX_ORDER_LINES, parseCartCookie } from './cart-cookie.ts';

const uuid = '0b7e2c1a-4f6d-4a8e-9c3b-2d1e0f9a8b7c';

describe('the cart cookie', () => {
  it('carries the lines through a Cookie header among other cookies', () => {
    const lines = [
      { id: uuid, variantId: 'v-30', quantity: 2 },
      { id: uuid, variantId: 'v-50', quantity: 1 },
      { id: 'p2', variantId: uuid, quantity: 99 },
    ];
    const value = cartCookieValue(lines);
    expect(value).toBe(`${uuid}~v-30:2.${uuid}~v-50:1.p2~${uuid}:99`);
    expect(parseCartCookie(`gi_access=abc; gi_cart=${value}; theme=dark`)).toEqual(lines);
  });

  it('means an empty cart when absent or empty', () => {
    expect(parseCartCookie(undefined)).toEqual([]);
    expect(parseCartCookie('gi_access=abc')).toEqual([]);
    expect(parseCartCookie('gi_cart=')).toEqual([]);
    expect(parseCartCookie(`gi_cart=${cartCookieValue([])}`)).toEqual([]);
  });

  it('is not trusted as the cart when malformed, too long or marked unknown', () => {
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({
      id: `p${i}`,
      variantId: `v${i}`,
      quantity: 1,
    }));
    expect(cartCookieValue(many)).toBe('*');
    for (const value of [
      '*',
      'p1~v1:0',
      'p1~v1:100',
      'p1~v1',
      'p1:2',
      'p1~v1:2.p2~v1:3',
      'p1~v1:2..p2~v2:1',
      '<x>~v1:1',
      'p1~v1:-1',
    ]) {
      expect(parseCartCookie(`gi_cart=${value}`), value).toBeNull();
    }
    const tooMany = many.map((line) => `${line.id}~${line.variantId}:1`).join('.');
    expect(parseCartCookie(`gi_cart=${tooMany}`)).toBeNull();
  });
});
