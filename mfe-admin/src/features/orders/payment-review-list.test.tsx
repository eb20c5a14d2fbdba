import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderDetail, payment } from '../../test/orders.ts';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { PaymentReviewList } from './payment-review-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const review = (id: string) => ({
  order: orderDetail(id, { payment_status: 'submitted' }),
  payment: payment({
    id: `pay-${id}`,
    status: 'submitted',
    has_receipt: true,
    submitted_at: '2026-11-21T04:00:00.000Z',
  }),
});

it('lists the receipts waiting for verification, each with its receipt, and pages through them', async () => {
  const fetch = mockApi({
    'GET /api/admin/orders/payment-reviews': page([review('aaaaaaaa-1111'), review('bbbbbbbb-2222')], 12),
  });
  renderPage('/admin?section=payment-reviews', <PaymentReviewList />);
  const table = await screen.findByRole('table', { name: 'Pembayaran menunggu verifikasi' });
  const first = within(table).getAllByRole('row')[1] as HTMLElement;
  expect(within(first).getByText('Rp 729.321')).toBeTruthy();
  expect(within(first).getByText('kode unik 321')).toBeTruthy();
  expect(within(first).getByText('21 November 2026 pukul 11.00')).toBeTruthy();
  expect(within(first).getByRole('link', { name: 'Buka bukti transfer aaaaaaaa' }).getAttribute('href')).toBe(
    '/api/orders/aaaaaaaa-1111/receipt',
  );
  expect(within(first).getByRole('link', { name: 'Detail pesanan aaaaaaaa' }).getAttribute('href')).toBe(
    '/admin?section=order-detail&id=aaaaaaaa-1111',
  );
  expect(screen.getByText('Menampilkan 1–10 dari 12 data')).toBeTruthy();
  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/orders/payment-reviews').at(-1)?.url.search).toBe(
      '?page=2&pageSize=10',
    ),
  );
});

it('confirms a payment after the question, and rejects one only with a reason', async () => {
  let waiting = [review('aaaaaaaa-1111'), review('bbbbbbbb-2222')];
  const fetch = mockApi({
    'GET /api/admin/orders/payment-reviews': () => page(waiting)(),
    'POST /api/admin/orders/aaaaaaaa-1111/payment/confirm': () => {
      waiting = waiting.filter((r) => r.order.id !== 'aaaaaaaa-1111');
      return Response.json({});
    },
    'POST /api/admin/orders/bbbbbbbb-2222/payment/reject': () => {
      waiting = [];
      return Response.json({});
    },
  });
  const { toasts } = renderPage('/admin?section=payment-reviews', <PaymentReviewList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Konfirmasi pembayaran aaaaaaaa' }));
  const confirm = screen.getByRole('dialog', { name: 'Konfirmasi pembayaran #aaaaaaaa?' });
  expect(confirm.textContent).toContain('Rp 729.321');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Ya, Konfirmasi' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Pembayaran dikonfirmasi' }));
  await waitFor(() => expect(screen.queryByText('aaaaaaaa...')).toBeNull());

  await userEvent.click(screen.getByRole('button', { name: 'Tolak pembayaran bbbbbbbb' }));
  const reject = screen.getByRole('dialog', { name: 'Tolak pembayaran #bbbbbbbb?' });
  await userEvent.click(within(reject).getByRole('button', { name: 'Tolak Pembayaran' }));
  expect(within(reject).getByText('Alasan penolakan harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/orders/bbbbbbbb-2222/payment/reject')).toEqual([]);
  await userEvent.type(within(reject).getByLabelText('Alasan penolakan'), 'Nominal tidak sesuai');
  await userEvent.click(within(reject).getByRole('button', { name: 'Tolak Pembayaran' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Pembayaran ditolak' }));
  expect(callsTo(fetch, 'POST /api/admin/orders/bbbbbbbb-2222/payment/reject')[0]?.body).toEqual({
    reason: 'Nominal tidak sesuai',
  });
  expect(await screen.findByText('Tidak ada pembayaran yang menunggu verifikasi.')).toBeTruthy();
});

it("puts the server's word on a reason under the reason, until the reason changes", async () => {
  mockApi({
    'GET /api/admin/orders/payment-reviews': page([review('bbbbbbbb-2222')]),
    'POST /api/admin/orders/bbbbbbbb-2222/payment/reject': apiError(
      400,
      'Data tidak valid',
      'validation_error',
      { reason: 'Alasan maksimal 500 karakter' },
    ),
  });
  const { toasts } = renderPage('/admin?section=payment-reviews', <PaymentReviewList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Tolak pembayaran bbbbbbbb' }));
  const reject = screen.getByRole('dialog', { name: 'Tolak pembayaran #bbbbbbbb?' });
  const reason = within(reject).getByLabelText('Alasan penolakan');
  await userEvent.type(reason, 'Nominal tidak sesuai');
  await userEvent.click(within(reject).getByRole('button', { name: 'Tolak Pembayaran' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menolak pembayaran',
      variant: 'destructive',
    }),
  );
  expect(within(reject).getByText('Alasan maksimal 500 karakter')).toBeTruthy();
  await userEvent.type(reason, '.');
  expect(within(reject).queryByText('Alasan maksimal 500 karakter')).toBeNull();
});

it('shows loading, then an error with a retry', async () => {
  mockApi({ 'GET /api/admin/orders/payment-reviews': apiError(500) });
  const { toasts } = renderPage('/admin?section=payment-reviews', <PaymentReviewList />);
  expect(screen.getByRole('status').textContent).toBe('Memuat pembayaran...');
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal memuat daftar verifikasi pembayaran',
    variant: 'destructive',
  });
});
