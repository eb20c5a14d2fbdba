import { expect, it } from 'vitest';
import { safeNext, withNext } from './next-path.ts';

it("accepts the shop's own paths only", () => {
  expect(safeNext('/cart?checkout=1')).toBe('/cart?checkout=1');
  expect(safeNext('/orders/abc#bayar')).toBe('/orders/abc#bayar');
  for (const foreign of [
    null,
    '',
    'cart',
    'https://evil.id/',
    '//evil.id',
    '/\\evil.id',
    '/\tevil',
    'javascript:x',
  ])
    expect(safeNext(foreign), String(foreign)).toBe('/');
});

it('writes the return path into the link, home without one', () => {
  expect(withNext('/login', '/cart')).toBe('/login?next=%2Fcart');
  expect(withNext('/login', '/')).toBe('/login');
});
