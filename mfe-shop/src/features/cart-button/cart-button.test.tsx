import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import { CartButton, CartButtonProvider } from './cart-button.tsx';
import { loadAddToCartButton } from './load-cart-button.ts';

const runtime = vi.hoisted(() => ({ getInstance: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const oud = {
  id: 'p-oud',
  variantId: 'p-oud-50',
  sizeMl: 50,
  name: 'Oud Royale',
  price: 250_000,
  image: '/images/p-oud.webp',
  stock: 3,
};
/** What the cart remote's module exports; only its identity matters here. */
const Button = () => null;

beforeEach(() => {
  runtime.getInstance.mockReset();
  runtime.loadRemote.mockReset();
});

it('shows a disabled button while the cart remote loads', () => {
  const Loading = lazy(() => new Promise<never>(() => {}));
  render(
    <CartButtonProvider value={Loading}>
      <CartButton product={oud} />
    </CartButtonProvider>,
  );
  expect(screen.getByRole('button', { name: 'Tambah ke Keranjang' })).toHaveProperty('disabled', true);
});

it('keeps the page when the cart remote fails: a disabled button and a note', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Broken = lazy(() => Promise.reject(new Error('mfe_cart is down')));
  render(
    <CartButtonProvider value={Broken}>
      <h1>Oud Royale</h1>
      <CartButton product={oud} />
    </CartButtonProvider>,
  );
  expect(await screen.findByText(/Keranjang sedang tidak tersedia/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Tambah ke Keranjang' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('heading', { name: 'Oud Royale' })).toBeTruthy();
});

it("loads the button through the shell's federation instance that registered mfe_cart", async () => {
  const shell = {
    options: { remotes: [{ name: 'mfe_cart' }] },
    loadRemote: vi.fn(async () => ({ default: Button })),
  };
  const shop = { options: { remotes: [] } };
  runtime.getInstance.mockImplementation((finder: (i: unknown) => boolean) =>
    [shop, shell].find((instance) => finder(instance)),
  );
  expect(await loadAddToCartButton()).toBe(Button);
  expect(shell.loadRemote).toHaveBeenCalledWith('mfe_cart/AddToCartButton');
  expect(runtime.loadRemote).not.toHaveBeenCalled();
});

it('falls back to its own runtime when no instance knows mfe_cart, and rejects an empty module', async () => {
  runtime.getInstance.mockReturnValue(null);
  runtime.loadRemote.mockResolvedValue(null);
  await expect(loadAddToCartButton()).rejects.toThrow('mfe_cart/AddToCartButton has no default export');
  expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_cart/AddToCartButton');
});
