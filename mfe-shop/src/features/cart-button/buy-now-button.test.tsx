import type { AddToCart, CartProduct } from '@gi/contracts/web';
import { captureToasts } from '@gi/ui/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BuyNowButton } from './buy-now-button.tsx';
import { CartActionProvider } from './cart-button.tsx';
import { type CartAction, cartAction } from './load-add-to-cart.ts';

const oud: CartProduct = {
  id: 'p-oud',
  variantId: 'p-oud-50',
  sizeMl: 50,
  name: 'Oud Royale',
  price: 250_000,
  image: '/images/p-oud.webp',
  stock: 3,
};

/** mfe-cart's action arriving when the test says so; `added` records what it adds. */
function slowCart() {
  const added: CartProduct[] = [];
  const loads: { resolve: (action: AddToCart) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<AddToCart>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  const arrive = () =>
    act(async () =>
      loads.at(-1)?.resolve((product) => {
        added.push(product);
      }),
    );
  return { action: cartAction(load), load, loads, added, arrive };
}

let toasts: ReturnType<typeof captureToasts>;
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => toasts.stop());

/** The button on a product page, and where its press leads. */
function buyNow(action: CartAction, product: CartProduct = oud) {
  const router = createMemoryRouter(
    [
      {
        path: '/product/:id',
        element: (
          <CartActionProvider value={action}>
            <BuyNowButton product={product} />
          </CartActionProvider>
        ),
      },
      { path: '/cart', element: <h1>Keranjang</h1> },
    ],
    { initialEntries: [`/product/${product.id}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
const buy = () => screen.getByRole('button', { name: 'Beli Sekarang' });

it('adds the size once through the same action, then opens checkout; a second tap meanwhile buys nothing more', async () => {
  const cart = slowCart();
  const router = buyNow(cart.action);
  fireEvent.pointerDown(buy());
  expect(cart.load).toHaveBeenCalledOnce();
  fireEvent.click(buy());
  fireEvent.click(buy());
  expect(buy().getAttribute('aria-busy')).toBe('true');
  expect(router.state.location.pathname).toBe('/product/p-oud');

  await cart.arrive();
  expect(cart.added).toEqual([oud]);
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/cart?checkout');
  expect(cart.load).toHaveBeenCalledOnce();
});

it('with the cart loaded already, adds and opens checkout at once', async () => {
  const cart = slowCart();
  void cart.action.load();
  await cart.arrive();
  const router = buyNow(cart.action);
  fireEvent.click(buy());
  expect(cart.added).toEqual([oud]);
  await waitFor(() => expect(router.state.location.search).toBe('?checkout'));
});

it("stays on the product when the cart's code cannot load, and says so", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const cart = slowCart();
  const router = buyNow(cart.action);
  fireEvent.click(buy());
  await act(async () => cart.loads[0]?.reject(new Error('mfe_cart is down')));
  expect(toasts.toasts).toEqual([
    {
      title: 'Error',
      description: 'Keranjang sedang tidak tersedia. Silakan coba lagi.',
      variant: 'destructive',
    },
  ]);
  expect(router.state.location.pathname).toBe('/product/p-oud');
  expect(buy().hasAttribute('aria-busy')).toBe(false);
});

it('is not offered for a sold-out size', () => {
  buyNow(slowCart().action, { ...oud, stock: 0 });
  expect(screen.queryByRole('button', { name: 'Beli Sekarang' })).toBeNull();
});
