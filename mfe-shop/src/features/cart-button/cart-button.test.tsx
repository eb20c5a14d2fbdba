import type { AddToCart, CartProduct } from '@gi/contracts/web';
import { captureToasts } from '@gi/ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CartActionProvider, CartButton } from './cart-button.tsx';
import { cartAction, loadAddToCart } from './load-add-to-cart.ts';

const runtime = vi.hoisted(() => ({ getInstance: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const oud: CartProduct = {
  id: 'p-oud',
  variantId: 'p-oud-50',
  sizeMl: 50,
  name: 'Oud Royale',
  price: 250_000,
  image: '/images/p-oud.webp',
  stock: 3,
};

/** The shell's federation instance, which registered mfe_cart, and the shop's own. */
function federation(addToCart: AddToCart) {
  const shell = {
    options: { remotes: [{ name: 'mfe_cart' }] },
    loadRemote: vi.fn(async () => ({ default: addToCart })),
  };
  const shop = { options: { remotes: [] } };
  runtime.getInstance.mockImplementation((finder: (i: unknown) => boolean) =>
    [shop, shell].find((instance) => finder(instance)),
  );
  return shell;
}

/** mfe-cart's action arriving when the test says so; `added` records its presses. */
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
  runtime.getInstance.mockReset();
  runtime.loadRemote.mockReset();
  toasts = captureToasts();
});
afterEach(() => toasts.stop());

const button = () => screen.getByRole('button', { name: 'Tambah ke Keranjang' });

it("is drawn without mfe-cart's code, which the first hover loads through the shell's federation", async () => {
  const addToCart = vi.fn();
  const shell = federation(addToCart);
  render(<CartButton product={oud} />);
  expect(button()).toHaveProperty('disabled', false);
  expect(shell.loadRemote).not.toHaveBeenCalled();

  await userEvent.hover(button());
  expect(shell.loadRemote).toHaveBeenCalledWith('mfe_cart/addToCart');
  await userEvent.click(button());
  expect(addToCart).toHaveBeenCalledExactlyOnceWith(oud);
  expect(shell.loadRemote).toHaveBeenCalledOnce();
  expect(runtime.loadRemote).not.toHaveBeenCalled();
});

it('carries out the press that loads the cart, and each press made meanwhile, once', async () => {
  const cart = slowCart();
  render(
    <CartActionProvider value={cart.action}>
      <CartButton product={oud} />
    </CartActionProvider>,
  );
  expect(cart.load).not.toHaveBeenCalled();
  // Keyboard presses: no hover or touch came first.
  fireEvent.click(button());
  fireEvent.click(button());
  expect(cart.load).toHaveBeenCalledOnce();
  expect(button().getAttribute('aria-busy')).toBe('true');
  expect(cart.added).toEqual([]);

  await cart.arrive();
  expect(cart.added).toEqual([oud, oud]);
  expect(button().hasAttribute('aria-busy')).toBe(false);
  // Loaded: the next press adds at once.
  fireEvent.click(button());
  expect(cart.added).toEqual([oud, oud, oud]);
  expect(cart.load).toHaveBeenCalledOnce();
});

it('adds the size chosen at each press', async () => {
  const cart = slowCart();
  const large = { ...oud, variantId: 'p-oud-100', sizeMl: 100, price: 450_000 };
  const { rerender } = render(
    <CartActionProvider value={cart.action}>
      <CartButton product={oud} />
    </CartActionProvider>,
  );
  fireEvent.click(button());
  rerender(
    <CartActionProvider value={cart.action}>
      <CartButton product={large} />
    </CartActionProvider>,
  );
  fireEvent.click(button());
  await cart.arrive();
  expect(cart.added).toEqual([oud, large]);
});

it('a touch starts loading; the tap that follows is not lost', async () => {
  const cart = slowCart();
  render(
    <CartActionProvider value={cart.action}>
      <CartButton product={oud} />
    </CartActionProvider>,
  );
  fireEvent.pointerDown(button());
  expect(cart.load).toHaveBeenCalledOnce();
  fireEvent.click(button());
  await cart.arrive();
  expect(cart.added).toEqual([oud]);
  expect(cart.load).toHaveBeenCalledOnce();
});

it("says when the cart's code cannot load, and the next press tries again", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const cart = slowCart();
  render(
    <CartActionProvider value={cart.action}>
      <CartButton product={oud} />
    </CartActionProvider>,
  );
  fireEvent.click(button());
  await act(async () => cart.loads[0]?.reject(new Error('mfe_cart is down')));
  expect(toasts.toasts).toEqual([
    {
      title: 'Error',
      description: 'Keranjang sedang tidak tersedia. Silakan coba lagi.',
      variant: 'destructive',
    },
  ]);
  expect(button().hasAttribute('aria-busy')).toBe(false);

  fireEvent.click(button());
  expect(cart.load).toHaveBeenCalledTimes(2);
  await cart.arrive();
  expect(cart.added).toEqual([oud]);
});

it("is a disabled 'Stok habis' for a sold-out size, in both forms; a card's quick add names its product and size", () => {
  const cart = slowCart();
  const soldOut = { ...oud, stock: 0 };
  render(
    <CartActionProvider value={cart.action}>
      <CartButton product={soldOut} />
      <CartButton product={soldOut} compact />
      <CartButton product={oud} compact />
    </CartActionProvider>,
  );
  const [full, quick] = screen.getAllByRole('button', { name: 'Stok habis' });
  expect([full?.hasAttribute('disabled'), quick?.hasAttribute('disabled')]).toEqual([true, true]);
  // The quick add says which size it adds, and its name starts with what it shows.
  expect(screen.getByRole('button', { name: 'Tambah 50 ml Oud Royale ke keranjang' }).textContent).toBe(
    'Tambah 50 ml',
  );
  expect(cart.load).not.toHaveBeenCalled();
});

it('rejects a cart remote without the action, through its own runtime when no instance knows mfe_cart', async () => {
  runtime.getInstance.mockReturnValue(null);
  runtime.loadRemote.mockResolvedValue(null);
  await expect(loadAddToCart()).rejects.toThrow('mfe_cart/addToCart has no default export');
  expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_cart/addToCart');
});

it("asks at once for every file of the action the page's boot list names, before the runtime loads it", async () => {
  const boot = document.createElement('script');
  boot.type = 'application/json';
  boot.id = 'gi-boot';
  boot.textContent = JSON.stringify({
    entries: [],
    preloads: [],
    onIntent: {
      'cart/./addToCart': {
        scripts: ['/mfe/cart/remoteEntry.js', '/mfe/cart/assets/app-1.js'],
        styles: ['/mfe/cart/assets/app-1.css'],
      },
    },
  });
  document.body.append(boot);
  const hints = () =>
    [...document.head.querySelectorAll('link')].map((l) =>
      ['rel', 'href', 'crossorigin', 'as'].map((a) => l.getAttribute(a)),
    );
  const shell = federation(vi.fn());
  let hintsAtLoad: ReturnType<typeof hints> = [];
  shell.loadRemote.mockImplementation(async () => {
    hintsAtLoad = hints();
    return { default: vi.fn() };
  });
  try {
    await loadAddToCart();
    expect(hintsAtLoad).toEqual([
      ['modulepreload', '/mfe/cart/remoteEntry.js', '', null],
      ['modulepreload', '/mfe/cart/assets/app-1.js', '', null],
      // In CORS mode, as the runtime links a remote's styles: the request it makes.
      ['preload', '/mfe/cart/assets/app-1.css', '', 'style'],
    ]);
  } finally {
    boot.remove();
    for (const link of document.head.querySelectorAll('link')) link.remove();
  }
});
