import { CART_UPDATED_EVENT } from '@gi/contracts/web';
import { captureToasts } from '@gi/ui/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cartProduct } from '../../test/products.ts';
import addToCart from './add-to-cart.ts';
import { clearCart } from './cart-store.ts';

let capture: ReturnType<typeof captureToasts>;
beforeEach(() => {
  localStorage.clear();
  clearCart();
  capture = captureToasts();
});
afterEach(() => capture.stop());

const stored = () =>
  (JSON.parse(localStorage.getItem('gi:cart:v2') ?? '[]') as { variantId: string; quantity: number }[]).map(
    (line) => [line.variantId, line.quantity],
  );

it('adds the chosen size, says so and tells the badge', () => {
  const counts: number[] = [];
  const onUpdate = (event: Event) => counts.push((event as CustomEvent<{ count: number }>).detail.count);
  window.addEventListener(CART_UPDATED_EVENT, onUpdate);
  addToCart(cartProduct('p1', 'Oud Royale', 450_000, { variantId: 'p1-100', sizeMl: 100 }));
  addToCart(cartProduct('p1', 'Oud Royale', 450_000, { variantId: 'p1-100', sizeMl: 100 }));
  window.removeEventListener(CART_UPDATED_EVENT, onUpdate);
  expect(stored()).toEqual([['p1-100', 2]]);
  expect(counts).toEqual([1, 2]);
  expect(capture.toasts).toContainEqual({
    title: 'Produk ditambahkan',
    description: 'Oud Royale 100 ml masuk ke keranjang.',
  });
});

it("stops at the size's stock, and says why", () => {
  const last = cartProduct('p2', 'Citrus Bloom', 139_000, { sizeMl: 30, stock: 1 });
  addToCart(last);
  addToCart(last);
  expect(stored()).toEqual([['p2-50', 1]]);
  expect(capture.toasts).toContainEqual({
    title: 'Stok tidak mencukupi',
    description: 'Semua stok Citrus Bloom 30 ml (1) sudah ada di keranjang Anda.',
    variant: 'destructive',
  });
});

it('adds nothing of a sold-out size', () => {
  addToCart(cartProduct('p1', 'Oud Royale', 250_000, { stock: 0 }));
  expect(stored()).toEqual([]);
  expect(capture.toasts.map((t) => t.title)).toEqual(['Stok tidak mencukupi']);
});
