import type { Product } from '@gi/contracts';
import { CART_UPDATED_EVENT, CART_STORAGE_KEY as STORAGE_KEY, storedCartCount } from '@gi/contracts/web';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { cartProduct, productJson } from '../../test/products.ts';

const perfume = cartProduct('p1', 'Oud Royale', 250_000);
const perfumeLarge = cartProduct('p1', 'Oud Royale', 450_000, { variantId: 'p1-100', sizeMl: 100, stock: 2 });
const citrus = cartProduct('p2', 'Citrus Bloom', 229_000);

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');

async function freshStore() {
  vi.resetModules();
  return import('./cart-store.ts');
}

beforeEach(() => localStorage.clear());

it('adds a new size with quantity 1 and an existing one by 1 more; each size is its own line', async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(perfume);
  cart.addItem(perfumeLarge);
  cart.addItem(citrus);
  expect(stored().map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual([
    ['p1-50', 2],
    ['p1-100', 1],
    ['p2-50', 1],
  ]);
});

it('never holds more of a size than its stock, and nothing of a sold-out size', async () => {
  const cart = await freshStore();
  expect(cart.addItem(perfumeLarge)).toBe(true);
  expect(cart.addItem(perfumeLarge)).toBe(true);
  expect(cart.addItem(perfumeLarge)).toBe(false);
  expect(cart.addItem({ ...citrus, stock: 0 })).toBe(false);
  expect(stored().map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual([
    ['p1-100', 2],
  ]);
  // Stock that is not counted (null) is bounded only by the order's limit.
  expect(cart.maxQuantity({ stock: null })).toBe(99);
});

it('removes a line when its quantity goes to 0 or below, and clears', async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(citrus);
  cart.setQuantity('p1-50', 0);
  cart.setQuantity('p2-50', -3);
  expect(stored()).toEqual([]);
  cart.addItem(perfume);
  cart.clearCart();
  expect(stored()).toEqual([]);
});

it('survives a reload and ignores tampered storage and lines without a size', async () => {
  const first = await freshStore();
  first.addItem(perfume);
  first.setQuantity('p1-50', 3);
  const reloaded = await freshStore();
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify([
      ...stored(),
      { ...citrus, quantity: 'lots' },
      { id: 'p9', name: 'Tanpa Ukuran', price: 1000, image: '/images/a.webp', quantity: 1 },
    ]),
  );
  const { result } = renderHook(() => reloaded.useCart());
  expect(result.current).toEqual([{ ...perfume, quantity: 3 }]);
});

it('announces changes with the cart:updated event; the stored lines give the badge its total quantity', async () => {
  const cart = await freshStore();
  const seen: number[] = [];
  const onUpdate = (e: Event) => seen.push((e as CustomEvent<{ count: number }>).detail.count);
  window.addEventListener(CART_UPDATED_EVENT, onUpdate);
  cart.addItem(perfume);
  cart.addItem(perfume);
  cart.addItem(citrus);
  window.removeEventListener(CART_UPDATED_EVENT, onUpdate);
  expect(seen).toEqual([1, 2, 3]);
  expect(storedCartCount(localStorage)).toBe(3);
  cart.clearCart();
  expect(storedCartCount(localStorage)).toBe(0);
});

it("reconciles with each size's current price and stock, and drops removed products and sizes", async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(perfumeLarge);
  cart.addItem(citrus);
  // The 100 ml is no longer sold; the 50 ml costs more and has 1 left; Citrus Bloom is gone.
  cart.reconcile(new Map([['p1', productJson({ ...perfume, price: 275_000, stock: 1 })]]));
  const items = stored();
  expect(items).toEqual([
    { ...perfume, price: 275_000, imageWidths: [], stock: 1, maxPerOrder: 99, quantity: 1 },
  ]);
  expect(cart.cartTotal(items)).toBe(275_000);
  expect(cart.isShort(items[0])).toBe(false);
  cart.reconcile(new Map([['p1', productJson({ ...perfume, stock: 0 })]]));
  expect(cart.isShort(stored()[0])).toBe(true);
});

it("reconciles a line on a timed sale to the server's sale price, and back to the regular one after it (decision 046)", async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  const onSale = productJson(perfume);
  const [size] = onSale.variants as [Product['variants'][number]];
  cart.reconcile(
    new Map([
      [
        'p1',
        { ...onSale, variants: [{ ...size, sale_price: 200_000, sale_ends_at: '2027-12-12T16:59:00.000Z' }] },
      ],
    ]),
  );
  expect(stored()[0]?.price).toBe(200_000);
  expect(cart.cartTotal(stored())).toBe(200_000);
  cart.reconcile(new Map([['p1', onSale]]));
  expect(stored()[0]?.price).toBe(perfume.price);
});

it("stops a line at its size's maximum per order, and clamps a line refreshed to a lower one (decision 025)", async () => {
  const cart = await freshStore();
  const limited = { ...perfume, maxPerOrder: 2 };
  expect(cart.addItem(limited)).toBe(true);
  expect(cart.addItem(limited)).toBe(true);
  expect(cart.addItem(limited)).toBe(false);
  expect(stored()[0]?.quantity).toBe(2);
  expect(cart.maxQuantity(limited)).toBe(2);
  // Stock below the maximum is the bound then.
  expect(cart.maxQuantity({ stock: 1, maxPerOrder: 2 })).toBe(1);
  cart.reconcile(new Map([['p1', productJson({ ...perfume, maxPerOrder: 1 })]]));
  expect(stored()).toEqual([{ ...perfume, imageWidths: [], maxPerOrder: 1, quantity: 1 }]);
});

it('mirrors its lines into the cart cookie sent with /cart, which the Worker renders that page from', async () => {
  const cookieOn = (path: string) => {
    window.history.replaceState(null, '', path);
    return document.cookie.split('; ').find((pair) => pair.startsWith('gi_cart='));
  };
  // Lines stored before the cookie existed are mirrored when the store first reads them.
  localStorage.setItem(STORAGE_KEY, JSON.stringify([{ ...perfume, quantity: 3 }]));
  const cart = await freshStore();
  const { result } = renderHook(() => cart.useCart());
  expect(result.current).toHaveLength(1);
  expect(cookieOn('/cart')).toBe('gi_cart=p1~p1-50:3');
  act(() => {
    cart.addItem(citrus);
  });
  expect(cookieOn('/cart')).toBe('gi_cart=p1~p1-50:3.p2~p2-50:1');
  // Only /cart needs it: the API and the other pages never receive it.
  expect(cookieOn('/products')).toBeUndefined();
  act(() => cart.clearCart());
  expect(cookieOn('/cart')).toBe('gi_cart=');
});

it('caps a stored line above the order maximum to it, keeping the rest of the cart (issue 37)', async () => {
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify([
      { ...perfume, quantity: 150 },
      { ...citrus, quantity: 2 },
    ]),
  );
  const cart = await freshStore();
  const { result } = renderHook(() => cart.useCart());
  expect(result.current.map((i) => [i.variantId, i.quantity])).toEqual([
    ['p1-50', 99],
    ['p2-50', 2],
  ]);
  // Stored again as capped: the navbar's badge counts it, and /cart's cookie lists it.
  expect(storedCartCount(localStorage)).toBe(101);
  window.history.replaceState(null, '', '/cart');
  expect(document.cookie).toContain('gi_cart=p1~p1-50:99.p2~p2-50:2');
});
