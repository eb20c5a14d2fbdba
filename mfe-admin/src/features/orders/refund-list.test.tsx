import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderDetail } from '../../test/orders.ts';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { RefundList } from './refund-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const cancelledPaid = (id: string) =>
  orderDetail(id, { status: 'cancelled', payment_status: 'void', refund_status: 'needed' });

it('lists the paid orders that were cancelled, pages through them, and marking one refunded takes it off', async () => {
  // Paid twice (decision 035): still 'Diproses', its extra payment to give back.
  const paidTwice = orderDetail('cccccccc-3333', {
    status: 'processing',
    payment_status: 'paid',
    refund_status: 'needed',
  });
  let waiting = [cancelledPaid('aaaaaaaa-1111'), cancelledPaid('bbbbbbbb-2222'), paidTwice];
  const fetch = mockApi({
    'GET /api/admin/orders/refunds': () => page(waiting, 12)(),
    'POST /api/admin/orders/aaaaaaaa-1111/refund': () => {
      waiting = waiting.filter((order) => order.id !== 'aaaaaaaa-1111');
      return Response.json({ ...cancelledPaid('aaaaaaaa-1111'), refund_status: 'refunded' });
    },
  });
  const { toasts } = renderPage('/admin?section=refunds', <RefundList />);
  const table = await screen.findByRole('table', { name: 'Pesanan dengan dana yang harus dikembalikan' });
  const first = within(table).getAllByRole('row')[1] as HTMLElement;
  expect(within(first).getByText('Rp 729.321')).toBeTruthy();
  expect(within(first).getByRole('link', { name: 'Detail pesanan aaaaaaaa' }).getAttribute('href')).toBe(
    '/admin?section=order-detail&id=aaaaaaaa-1111',
  );
  expect(screen.getByText('Menampilkan 1–10 dari 12 data')).toBeTruthy();
  expect(within(first).getByText('Dibatalkan')).toBeTruthy();
  const twice = within(table).getAllByRole('row')[3] as HTMLElement;
  expect(within(twice).getByRole('link', { name: 'Detail pesanan cccccccc' })).toBeTruthy();
  expect(within(twice).getByText('Diproses')).toBeTruthy();

  await userEvent.click(
    within(first).getByRole('button', { name: 'Tandai pesanan aaaaaaaa sudah direfund' }),
  );
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Berhasil', description: 'Pesanan ditandai sudah direfund' }),
  );
  await waitFor(() => expect(screen.queryByText('Detail pesanan aaaaaaaa')).toBeNull());
  expect(screen.queryByRole('link', { name: 'Detail pesanan aaaaaaaa' })).toBeNull();

  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/orders/refunds').at(-1)?.url.search).toBe('?page=2&pageSize=10'),
  );
});
