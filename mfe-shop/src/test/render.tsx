import type { CartProduct } from '@gi/contracts/web';
import type { ToastMessage } from '@gi/ui';
import { captureToasts, mockApi, shellProviders } from '@gi/ui/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { CartActionProvider } from '../features/cart-button/cart-button.tsx';
import { cartAction } from '../features/cart-button/load-add-to-cart.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
});

interface RenderOptions {
  /** The URL to open; defaults to the route pattern itself. */
  url?: string;
  /** Other routes, each rendering just a heading, to assert where links and buttons lead. */
  others?: Record<string, string>;
}

/**
 * Renders a page at its route with the providers the shell gives (`shellProviders`) and a
 * stand-in for mfe-cart's federated './addToCart' that records what the buy buttons add.
 */
export function renderPage(
  route: string,
  page: ReactElement,
  { url = route, others = {} }: RenderOptions = {},
) {
  const { client, router, tree } = shellProviders(url, { path: route, element: page }, others);
  const { toasts, stop: stopToasts } = captureToasts();
  cleanups.push(stopToasts);
  const added: CartProduct[] = [];
  const addToCart = cartAction(async () => (product) => {
    added.push(product);
  });
  const view = render(tree((routes) => <CartActionProvider value={addToCart}>{routes}</CartActionProvider>));
  return { ...view, router, toasts, added, client };
}

export { mockApi };

/** The API's error shape. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return () => Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** A handler that never answers, to look at loading states. */
export const pending = () => new Promise<Response>(() => {});

/** The error toast product.md §7 describes, as the shell receives it. */
export const errorToast = (description: string): ToastMessage => ({
  title: 'Error',
  description,
  variant: 'destructive',
});
