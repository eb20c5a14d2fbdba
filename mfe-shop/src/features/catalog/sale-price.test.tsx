import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { CardPrice, SizePrice } from './sale-price.tsx';

const size = (price: number, sale_price: number | null, size_ml = 50) => ({
  price,
  size_ml,
  stock: 5,
  sale_price,
  sale_ends_at: sale_price === null ? null : '2027-12-12T16:59:00.000Z',
});

it('a card shows the range alone without a sale, and the Promo badge, the struck regular range and the sale range with one', () => {
  const { container, rerender } = render(<CardPrice variants={[size(250_000, null)]} fallback={250_000} />);
  expect(container.textContent).toBe('Rp 250.000');
  expect(screen.queryByText('Promo')).toBeNull();
  rerender(
    <CardPrice variants={[size(250_000, 200_000, 30), size(450_000, null, 100)]} fallback={250_000} />,
  );
  expect(screen.getByText('Promo')).toBeTruthy();
  expect(container.querySelector('s')?.textContent).toBe('Harga normal Rp 250.000 – Rp 450.000');
  expect(screen.getByText('Rp 200.000 – Rp 450.000')).toBeTruthy();
});

it("the product page's size shows its sale price and its struck regular price", () => {
  const { container, rerender } = render(<SizePrice size={size(250_000, 187_500)} />);
  expect(container.querySelector('s')?.textContent).toBe('Harga normal Rp 250.000');
  expect(screen.getByText('Rp 187.500')).toBeTruthy();
  rerender(<SizePrice size={size(250_000, null)} />);
  expect(container.textContent).toBe('Rp 250.000');
});
