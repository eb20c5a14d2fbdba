import { CART_COUNT_KEY, CART_UPDATED_EVENT } from '@gi/contracts/web';
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

it("draws the cart's stored count and follows the cart's changes", () => {
  localStorage.setItem(CART_COUNT_KEY, '2');
  render(link());
  expect(screen.getByTestId('cart-badge').textContent).toBe('2');
  expect(screen.getByRole('link', { name: 'Keranjang, 2 item' })).toBeTruthy();

  act(() => {
    localStorage.setItem(CART_COUNT_KEY, '0');
    window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: { count: 0 } }));
  });
  expect(screen.queryByTestId('cart-badge')).toBeNull();
  expect(screen.getByRole('link', { name: 'Keranjang' })).toBeTruthy();
});

it("renders no badge on the server, whatever the visitor's cart", () => {
  localStorage.setItem(CART_COUNT_KEY, '5');
  expect(renderToString(link())).not.toContain('cart-badge');
});
