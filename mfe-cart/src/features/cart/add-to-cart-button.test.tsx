import { captureToasts } from '@gi/ui/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cartProduct } from '../../test/products.ts';
import AddToCartButton from './add-to-cart-button.tsx';
import { clearCart } from './cart-store.ts';

let stopToasts = () => {};
beforeEach(() => {
  localStorage.clear();
  clearCart();
});
afterEach(() => stopToasts());

const stored = () =>
  (JSON.parse(localStorage.getItem('gi:cart:v2') ?? '[]') as { variantId: string; quantity: number }[]).map(
    (line) => [line.variantId, line.quantity],
  );

it('adds the chosen size and says so', async () => {
  const capture = captureToasts();
  stopToasts = capture.stop;
  render(
    <AddToCartButton
      product={cartProduct('p1', 'Oud Royale', 450_000, { variantId: 'p1-100', sizeMl: 100 })}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Tambah ke Keranjang' }));
  expect(stored()).toEqual([['p1-100', 1]]);
  expect(capture.toasts).toContainEqual({
    title: 'Produk ditambahkan',
    description: 'Oud Royale 100 ml masuk ke keranjang.',
  });
});

it("is a disabled 'Stok habis' for a sold-out size, in both forms", async () => {
  const soldOut = cartProduct('p1', 'Oud Royale', 250_000, { stock: 0 });
  const { rerender } = render(<AddToCartButton product={soldOut} />);
  expect(screen.getByRole('button', { name: 'Stok habis' })).toHaveProperty('disabled', true);
  rerender(<AddToCartButton product={soldOut} compact />);
  expect(screen.getByRole('button', { name: 'Stok habis' })).toHaveProperty('disabled', true);
  expect(stored()).toEqual([]);
});

it("a card's quick add names its product and size, and stops at the size's stock", async () => {
  const capture = captureToasts();
  stopToasts = capture.stop;
  render(
    <AddToCartButton
      product={cartProduct('p2', 'Citrus Bloom', 139_000, { sizeMl: 30, stock: 1 })}
      compact
    />,
  );
  const button = screen.getByRole('button', { name: 'Tambah Citrus Bloom 30 ml ke keranjang' });
  expect(button.textContent).toBe('+ Keranjang');
  await userEvent.click(button);
  await userEvent.click(button);
  expect(stored()).toEqual([['p2-50', 1]]);
  expect(capture.toasts).toContainEqual({
    title: 'Stok tidak mencukupi',
    description: 'Semua stok Citrus Bloom 30 ml (1) sudah ada di keranjang Anda.',
    variant: 'destructive',
  });
});
