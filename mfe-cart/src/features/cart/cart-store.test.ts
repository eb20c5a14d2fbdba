import { act, renderHook } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';

const perfume = { id: 'p1', name: 'Oud Royale', price: 250_000, image: '/images/oud.webp' };
const citrus = { id: 'p2', name: 'Citrus Bloom', price: 229_000, image: '/images/citrus.webp' };

async function freshStore() {
  vi.resetModules();
  return import('./cart-store.ts');
}

beforeEach(() => localStorage.clear());

it('adds a new product with quantity 1 and an existing one by 1 more', async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(perfume);
  cart.addItem(citrus);
  const items = JSON.parse(localStorage.getItem('gi:cart:v1') ?? '[]');
  expect(items.map((i: { id: string; quantity: number }) => [i.id, i.quantity])).toEqual([
    ['p1', 2],
    ['p2', 1],
  ]);
});

it('removes a line when its quantity goes to 0 or below, and clears', async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(citrus);
  cart.setQuantity('p1', 0);
  cart.setQuantity('p2', -3);
  expect(JSON.parse(localStorage.getItem('gi:cart:v1') ?? '')).toEqual([]);
  cart.addItem(perfume);
  cart.clearCart();
  expect(JSON.parse(localStorage.getItem('gi:cart:v1') ?? '')).toEqual([]);
});

it('survives a reload and ignores tampered storage', async () => {
  const first = await freshStore();
  first.addItem(perfume);
  first.setQuantity('p1', 3);
  const reloaded = await freshStore();
  localStorage.setItem(
    'gi:cart:v1',
    JSON.stringify([
      ...JSON.parse(localStorage.getItem('gi:cart:v1') ?? '[]'),
      { id: 'x', quantity: 'lots' },
    ]),
  );
  const { renderHook } = await import('@testing-library/react');
  const { result } = renderHook(() => reloaded.useCart());
  expect(result.current).toEqual([{ ...perfume, quantity: 3 }]);
});

it('announces changes with the cart:updated event and the total quantity', async () => {
  const cart = await freshStore();
  const seen: number[] = [];
  const onUpdate = (e: Event) => seen.push((e as CustomEvent<{ count: number }>).detail.count);
  window.addEventListener(cart.CART_UPDATED_EVENT, onUpdate);
  cart.addItem(perfume);
  cart.addItem(perfume);
  cart.addItem(citrus);
  window.removeEventListener(cart.CART_UPDATED_EVENT, onUpdate);
  expect(seen).toEqual([1, 2, 3]);
});

it('reconciles with current prices and drops removed products', async () => {
  const cart = await freshStore();
  cart.addItem(perfume);
  cart.addItem(citrus);
  cart.reconcile(new Map([['p1', { ...perfume, price: 275_000 }]]));
  const items = JSON.parse(localStorage.getItem('gi:cart:v1') ?? '[]');
  expect(items).toEqual([{ ...perfume, price: 275_000, quantity: 1 }]);
  expect(cart.cartTotal(items)).toBe(275_000);
});

it('mirrors its lines into the cart cookie sent with /cart, which the Worker renders that page from', async () => {
  const cookieOn = (path: string) => {
    window.history.replaceState(null, '', path);
    return document.cookie.split('; ').find((pair) => pair.startsWith('gi_cart='));
  };
  // Lines stored before the cookie existed are mirrored when the store first reads them.
  localStorage.setItem('gi:cart:v1', JSON.stringify([{ ...perfume, quantity: 3 }]));
  const cart = await freshStore();
  const { result } = renderHook(() => cart.useCart());
  expect(result.current).toHaveLength(1);
  expect(cookieOn('/cart')).toBe('gi_cart=p1:3');
  act(() => cart.addItem(citrus));
  expect(cookieOn('/cart')).toBe('gi_cart=p1:3.p2:1');
  // Only /cart needs it: the API and the other pages never receive it.
  expect(cookieOn('/products')).toBeUndefined();
  act(() => cart.clearCart());
  expect(cookieOn('/cart')).toBe('gi_cart=');
});
