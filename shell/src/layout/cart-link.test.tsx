import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from '@gi/contracts/web';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { CartLink } from './cart-link.tsx';

const link = () => (
  <MemoryRouter>
    <CartLink onClick={() => {}} />
  </MemoryRouter>
);

beforeEach(() => localStorage.clear());

/** Lines as mfe-cart's store keeps them (only the quantities matter to the badge). */
const storeLines = (...quantities: unknown[]) =>
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify(quantities.map((quantity, i) => ({ id: `p${i}`, variantId: `v${i}`, quantity }))),
  );

it("draws the stored cart's total quantity and follows the cart's changes", () => {
  storeLines(1, 1);
  render(link());
  expect(screen.getByTestId('cart-badge').textContent).toBe('2');
  expect(screen.getByRole('link', { name: 'Keranjang, 2 item' })).toBeTruthy();

  act(() => {
    storeLines();
    window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: { count: 0 } }));
  });
  expect(screen.queryByTestId('cart-badge')).toBeNull();
  expect(screen.getByRole('link', { name: 'Keranjang' })).toBeTruthy();
});

// The lines were all a cart kept before the badge moved to the shell; a separate stored count
// left those shoppers without a badge until their cart next changed.
it('counts a cart stored before, and skips lines without a valid quantity', () => {
  storeLines(2, 3, 'lots', 0);
  render(link());
  expect(screen.getByTestId('cart-badge').textContent).toBe('5');
});

it("renders no badge on the server, whatever the visitor's cart", () => {
  storeLines(5);
  expect(renderToString(link())).not.toContain('cart-badge');
});
