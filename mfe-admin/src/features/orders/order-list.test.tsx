import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderRow } from '../../test/orders.ts';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { DELETE_ORDER_QUESTION, PAID_ORDER_KEPT } from './order-actions.tsx';
import { OrderList } from './order-list.tsx';

afterEach(() => vi.unstubAllGlobals());

it('lists orders with short id, customer, total, coloured status badge, date and actions', async () => {
  mockApi({
    'GET /api/admin/orders': page([
      orderRow('3f2a9c1e-7b5d-4e11', 'pending'),
      orderRow('aaaaaaaa-1111', 'processing'),
      orderRow('bbbbbbbb-2222', 'shipped'),
      orderRow('cccccccc-3333', 'delivered'),
      orderRow('dddddddd-4444', 'cancelled'),
      orderRow('eeeeeeee-5555', 'refunded'),
    ]),
  });
  renderPage('/admin?section=orders', <OrderList />);
  expect(screen.getByRole('status').textContent).toBe('Memuat pesanan...');
  const table = await screen.findByRole('table', { name: 'Daftar pesanan' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Pilih', 'No.', 'ID', 'Pelanggan', 'Total', 'Status', 'Tanggal', 'Aksi']);
  const first = within(table).getAllByRole('row')[1] as HTMLElement;
  expect(within(first).getByText('3f2a9c1e...')).toBeTruthy();
  expect(within(first).getByText('Budi Santoso')).toBeTruthy();
  expect(within(first).getByText('budi@contoh.id')).toBeTruthy();
  expect(within(first).getByText('Rp 479.000')).toBeTruthy();
  expect(within(first).getByText('21 November 2026 pukul 10.05')).toBeTruthy();
  expect(within(first).getByRole('link', { name: 'Detail pesanan 3f2a9c1e' }).getAttribute('href')).toBe(
    '/admin?section=order-detail&id=3f2a9c1e-7b5d-4e11',
  );
  const badges = within(table)
    .getAllByText(/Menunggu|Diproses|Dikirim|Diterima|Dibatalkan|refunded/, { selector: 'span' })
    .map((badge) => badge.className);
  expect(badges).toEqual([
    expect.stringContaining('pending'),
    expect.stringContaining('processing'),
    expect.stringContaining('shipped'),
    expect.stringContaining('delivered'),
    expect.stringContaining('cancelled'),
    expect.stringContaining('other'),
  ]);
});

it('shows the empty and the error states', async () => {
  mockApi({ 'GET /api/admin/orders': page([]) });
  const empty = renderPage('/admin?section=orders', <OrderList />);
  expect(await screen.findByText('Belum ada pesanan.')).toBeTruthy();
  empty.unmount();

  mockApi({ 'GET /api/admin/orders': apiError(500) });
  const { toasts } = renderPage('/admin?section=orders', <OrderList />);
  expect(await screen.findByText('Gagal memuat pesanan. Silakan coba lagi.')).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal memuat pesanan',
    variant: 'destructive',
  });
});

it('filters by status, searches and sizes the list on the server', async () => {
  const fetch = mockApi({ 'GET /api/admin/orders': page([orderRow('aaaaaaaa-1111', 'pending')]) });
  const { router } = renderPage('/admin?section=orders', <OrderList />);
  await screen.findByRole('table');
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/orders').at(-1)?.url.search).toBe(
      '?page=1&pageSize=10&status=shipped',
    ),
  );
  await userEvent.selectOptions(screen.getByLabelText('Tampilkan entri'), '50');
  await userEvent.type(screen.getByLabelText('Cari pesanan'), 'budi');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/orders').at(-1)?.url.search).toBe(
      '?page=1&pageSize=50&q=budi&status=shipped',
    ),
  );
  expect(router.state.location.search).toBe('?section=orders&status=shipped&pageSize=50&q=budi');
});

it('changes the status only after a confirmation, and offers only the moves the lifecycle allows', async () => {
  let status = 'pending';
  const fetch = mockApi({
    'GET /api/admin/orders': () => page([orderRow('aaaaaaaa-1111', status)])(),
    'PATCH /api/admin/orders/aaaaaaaa-1111/status': (_, init) => {
      status = JSON.parse(String(init.body)).status;
      return Response.json(orderRow('aaaaaaaa-1111', status));
    },
  });
  const { toasts } = renderPage('/admin?section=orders', <OrderList />);
  const select = await screen.findByRole('combobox', { name: 'Ubah status pesanan aaaaaaaa' });
  const disabled = within(select)
    .getAllByRole('option')
    .filter((option) => (option as HTMLOptionElement).disabled)
    .map((option) => option.textContent);
  expect(disabled).toEqual(['Dikirim', 'Diterima']);

  await userEvent.selectOptions(select, 'processing');
  const dialog = screen.getByRole('dialog', { name: 'Ubah status pesanan #aaaaaaaa?' });
  expect(dialog.textContent).toContain('Dari Menunggu Pembayaran menjadi Diproses');
  expect(select).toHaveProperty('value', 'pending');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(callsTo(fetch, 'PATCH /api/admin/orders/aaaaaaaa-1111/status')).toEqual([]);

  await userEvent.selectOptions(select, 'processing');
  await userEvent.click(screen.getByRole('button', { name: 'Ya, Ubah Status' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Status berhasil diperbarui' }));
  expect(callsTo(fetch, 'PATCH /api/admin/orders/aaaaaaaa-1111/status')[0]?.body).toEqual({
    status: 'processing',
  });
  expect(await screen.findByText('Diproses', { selector: 'span' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

it("asks for the courier and the resi before 'Dikirim'", async () => {
  const fetch = mockApi({
    'GET /api/admin/orders': page([orderRow('aaaaaaaa-1111', 'processing')]),
    'PATCH /api/admin/orders/aaaaaaaa-1111/status': () =>
      Response.json(orderRow('aaaaaaaa-1111', 'shipped', { courier: 'JNE', tracking_number: 'JNE0012345' })),
  });
  const { toasts } = renderPage('/admin?section=orders', <OrderList />);
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Ubah status pesanan aaaaaaaa' }),
    'shipped',
  );
  const dialog = screen.getByRole('dialog');
  expect(document.activeElement).toBe(within(dialog).getByLabelText('Kurir'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Ubah Status' }));
  expect(within(dialog).getByText('Kurir harus diisi')).toBeTruthy();
  expect(within(dialog).getByText('Nomor resi harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'PATCH /api/admin/orders/aaaaaaaa-1111/status')).toEqual([]);

  await userEvent.type(within(dialog).getByLabelText('Kurir'), 'JNE');
  await userEvent.type(within(dialog).getByLabelText('Nomor Resi'), 'JNE0012345');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Ubah Status' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Status berhasil diperbarui' }));
  expect(callsTo(fetch, 'PATCH /api/admin/orders/aaaaaaaa-1111/status')[0]?.body).toEqual({
    status: 'shipped',
    courier: 'JNE',
    trackingNumber: 'JNE0012345',
  });
});

it("lets a field's message go as soon as what is typed there is valid", async () => {
  mockApi({ 'GET /api/admin/orders': page([orderRow('aaaaaaaa-1111', 'processing')]) });
  renderPage('/admin?section=orders', <OrderList />);
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Ubah status pesanan aaaaaaaa' }),
    'shipped',
  );
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Ubah Status' }));
  await userEvent.type(within(dialog).getByLabelText('Kurir'), 'JNE');
  expect(within(dialog).queryByText('Kurir harus diisi')).toBeNull();
  expect(within(dialog).getByText('Nomor resi harus diisi')).toBeTruthy();
  const resi = within(dialog).getByLabelText('Nomor Resi');
  await userEvent.type(resi, '#001');
  expect(within(dialog).getByText('Nomor resi hanya berisi huruf, angka dan tanda hubung')).toBeTruthy();
  await userEvent.clear(resi);
  await userEvent.type(resi, 'JNE001');
  expect(within(dialog).queryByText(/^Nomor resi/)).toBeNull();
});

it("toasts 'Gagal memperbarui status pesanan', keeps the stored status and shows the server's reason", async () => {
  mockApi({
    'GET /api/admin/orders': page([orderRow('aaaaaaaa-1111', 'pending')]),
    'PATCH /api/admin/orders/aaaaaaaa-1111/status': apiError(
      409,
      'Status pesanan tidak dapat diubah dari Menunggu Pembayaran ke Dibatalkan',
      'invalid_transition',
    ),
  });
  const { toasts } = renderPage('/admin?section=orders', <OrderList />);
  const select = await screen.findByRole('combobox', { name: 'Ubah status pesanan aaaaaaaa' });
  await userEvent.selectOptions(select, 'cancelled');
  const dialog = screen.getByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Alasan (opsional)'), 'Stok habis');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Ubah Status' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal memperbarui status pesanan',
      variant: 'destructive',
    }),
  );
  expect(within(dialog).getByRole('alert').textContent).toBe(
    'Status pesanan tidak dapat diubah dari Menunggu Pembayaran ke Dibatalkan',
  );
  expect(select).toHaveProperty('value', 'pending');
});

it('deletes an order after a confirmation that it cannot be undone and removes its items', async () => {
  let items = [orderRow('aaaaaaaa-1111', 'pending'), orderRow('bbbbbbbb-2222', 'pending')];
  const fetch = mockApi({
    'GET /api/admin/orders': () => page(items)(),
    'DELETE /api/admin/orders/aaaaaaaa-1111': () => {
      items = items.slice(1);
      return new Response(null, { status: 204 });
    },
    'DELETE /api/admin/orders/bbbbbbbb-2222': apiError(500),
  });
  const { toasts } = renderPage('/admin?section=orders', <OrderList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus pesanan aaaaaaaa' }));
  const dialog = screen.getByRole('dialog', { name: 'Hapus pesanan #aaaaaaaa?' });
  expect(dialog.textContent).toContain(DELETE_ORDER_QUESTION);
  expect(DELETE_ORDER_QUESTION).toMatch(/tidak dapat dibatalkan/);
  expect(DELETE_ORDER_QUESTION).toMatch(/item pesanan/);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
  expect(callsTo(fetch, 'DELETE /api/admin/orders/aaaaaaaa-1111')).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Hapus pesanan aaaaaaaa' }));
  await userEvent.click(screen.getByRole('button', { name: 'Ya, Hapus' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Pesanan berhasil dihapus' }));
  await waitFor(() => expect(screen.queryByText('aaaaaaaa...')).toBeNull());
  expect(screen.queryByRole('dialog')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Hapus pesanan bbbbbbbb' }));
  await userEvent.click(screen.getByRole('button', { name: 'Ya, Hapus' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menghapus pesanan',
      variant: 'destructive',
    }),
  );
});

it('offers no deletion of an order that was paid, and says why', async () => {
  mockApi({
    'GET /api/admin/orders': page([
      orderRow('aaaaaaaa-1111', 'pending', { payment_status: 'pending', refund_status: null }),
      orderRow('bbbbbbbb-2222', 'processing', { payment_status: 'paid', refund_status: null }),
      orderRow('cccccccc-3333', 'delivered', { payment_status: 'paid', refund_status: null }),
      orderRow('dddddddd-4444', 'cancelled', { payment_status: 'void', refund_status: 'needed' }),
      orderRow('eeeeeeee-5555', 'cancelled', { payment_status: 'void', refund_status: null }),
    ]),
  });
  renderPage('/admin?section=orders', <OrderList />);
  await screen.findByRole('table', { name: 'Daftar pesanan' });
  const deletable = (short: string) => {
    const button = screen.getByRole('button', { name: `Hapus pesanan ${short}` }) as HTMLButtonElement;
    return [button.disabled, button.title];
  };
  const kept = [true, PAID_ORDER_KEPT];
  expect(PAID_ORDER_KEPT).toMatch(/^Pesanan yang sudah dibayar adalah catatan keuangan toko/);
  expect(['aaaaaaaa', 'bbbbbbbb', 'cccccccc', 'dddddddd', 'eeeeeeee'].map(deletable)).toEqual([
    [false, ''],
    kept,
    kept,
    kept,
    [false, ''],
  ]);
});

it('steps to the next and previous page by the cursors of the answer, not by offset', async () => {
  const answer = (url: string) => {
    const pageNumber = Number(new URL(url, 'http://localhost').searchParams.get('page'));
    return Response.json({
      items: [orderRow(`order-${pageNumber}`, 'pending')],
      total: 30,
      page: pageNumber,
      pageSize: 10,
      previousCursor: pageNumber > 1 ? `2026-11-21T03:05:00.000Z~first-${pageNumber}` : null,
      nextCursor: `2026-11-21T03:05:00.000Z~last-${pageNumber}`,
    });
  };
  const fetch = mockApi({ 'GET /api/admin/orders': answer });
  const { router } = renderPage('/admin?section=orders&status=pending', <OrderList />);
  await screen.findByText('Halaman 1 dari 3');
  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  await screen.findByText('Halaman 2 dari 3');
  const next = callsTo(fetch, 'GET /api/admin/orders').at(-1)?.url.searchParams;
  expect(next?.get('after')).toBe('2026-11-21T03:05:00.000Z~last-1');
  expect(next?.get('status')).toBe('pending');
  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  await screen.findByText('Halaman 3 dari 3');
  await userEvent.click(screen.getByRole('link', { name: '← Sebelumnya' }));
  await screen.findByText('Halaman 2 dari 3');
  const back = callsTo(fetch, 'GET /api/admin/orders').at(-1)?.url.searchParams;
  expect(back?.get('before')).toBe('2026-11-21T03:05:00.000Z~first-3');
  expect(back?.get('after')).toBeNull();
  // The first page is the newest: no cursor, and a filter change drops any cursor.
  await userEvent.click(screen.getByRole('link', { name: '← Sebelumnya' }));
  await screen.findByText('Halaman 1 dari 3');
  expect(router.state.location.search).toBe('?section=orders&status=pending');
});
