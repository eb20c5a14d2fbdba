import { describe, expect, it } from 'vitest';
import { cartCookieValue, MAX_ORDER_LINES, parseCartCookie } from './cart-cookie.ts';

const uuid = '0b7e2c1a-4f6d-4a8e-9c3b-2d1e0f9a8b7c';

describe('the cart cookie', () => {
  it('carries the lines through a Cookie header among other cookies', () => {
    const value = cartCookieValue([
      { id: uuid, quantity: 2 },
      { id: 'p2', quantity: 99 },
    ]);
    expect(value).toBe(`${uuid}:2.p2:99`);
    expect(parseCartCookie(`gi_access=abc; gi_cart=${value}; theme=dark`)).toEqual([
      { id: uuid, quantity: 2 },
      { id: 'p2', quantity: 99 },
    ]);
  });

  it('means an empty cart when absent or empty', () => {
    expect(parseCartCookie(undefined)).toEqual([]);
    expect(parseCartCookie('gi_access=abc')).toEqual([]);
    expect(parseCartCookie('gi_cart=')).toEqual([]);
    expect(parseCartCookie(`gi_cart=${cartCookieValue([])}`)).toEqual([]);
  });

  it('is not trusted as the cart when malformed, too long or marked unknown', () => {
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({ id: `p${i}`, quantity: 1 }));
    expect(cartCookieValue(many)).toBe('*');
    for (const value of ['*', 'p1:0', 'p1:100', 'p1', 'p1:2.p1:3', 'p1:2..p2:1', '<x>:1', 'p1:-1']) {
      expect(parseCartCookie(`gi_cart=${value}`), value).toBeNull();
    }
    const tooMany = many.map((line) => `${line.id}:1`).join('.');
    expect(parseCartCookie(`gi_cart=${tooMany}`)).toBeNull();
  });
});
