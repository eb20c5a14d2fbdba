import type { CartProduct } from '@gi/contracts/web';
import type { ToastMessage } from '@gi/ui';
import { captureToasts, mockApi, shellProviders } from '@gi/ui/testing';
import { render } from '@testing-library/react';
import { createContext, type ReactElement, useContext } from 'react';
import { afterEach, vi } from 'vitest';
import { CartButtonProvider } from '../features/cart-button/cart-button.tsx';
import type { CartButtonProps } from '../features/cart-button/load-cart-button.ts';

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
 * Renders a page at its route with the providers the shell gives (`shellProviders`) and a stand-in for mfe-cart's federated button that records its clicks.
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
  const view = render(
    tree((routes) => (
      <CartButtonProvider value={StandInCartButton}>
        <Added value={added}>{routes}</Added>
      </CartButtonProvider>
    )),
  );
  return { ...view, router, toasts, added, client };
}

/** The products the stand-in button was clicked for, on the page being rendered. */
const Added = createContext<CartProduct[]>([]);

/** Keeps the real one's contract: disabled for a sold-out size. */
function StandInCartButton({ product, compact }: CartButtonProps) {
  const added = useContext(Added);
  return (
    <button type="button" disabled={product.stock === 0} onClick={() => added.push(product)}>
      {compact ? `+ Keranjang ${product.name}` : 'Tambah ke Keranjang'}
    </button>
  );
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
