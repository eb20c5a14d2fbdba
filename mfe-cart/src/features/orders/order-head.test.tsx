import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { OrderHead } from './order-head.tsx';

it("gives an order's short id and its status, spaced so that a link around them reads both", () => {
  render(
    <a href="/orders/5f0c2b9e-1111-4222-8333-944455556666">
      <OrderHead order={{ id: '5f0c2b9e-1111-4222-8333-944455556666', status: 'pending' }} />
    </a>,
  );
  expect(screen.getByRole('link').textContent).toBe('#5f0c2b9e Menunggu Pembayaran');
});

it('says an unpaid order waits for verification once its receipt is under review, as its payment does', () => {
  render(<OrderHead order={{ id: '5f0c2b9e-1111', status: 'pending', payment_status: 'submitted' }} />);
  expect(screen.getByText('Menunggu Verifikasi').dataset.status).toBe('pending');
});
