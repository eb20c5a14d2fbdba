import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import CartPage from './cart-page.tsx';

it('shows the heading and the empty state with a link to the products', () => {
  render(
    <MemoryRouter>
      <CartPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Keranjang Anda Kosong' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Lihat Produk' }).getAttribute('href')).toBe('/products');
});
