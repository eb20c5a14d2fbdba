import type { CustomerSummary, CustomerDetail as Detail } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { CustomerDetail } from './customer-detail.tsx';
import { CustomerList } from './customer-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const siti: CustomerSummary = {
  id: 'c1',
  name: 'Siti Aminah',
  email: 'siti@contoh.id',
  phone: '+6281234567890',
  created_at: '2026-10-01T03:00:00.000Z',
  orders_count: 3,
  paid_total: 1_250_000,
  last_order_at: '2026-11-20T05:30:00.000Z',
  marketing_consent_at: '2026-10-02T03:00:00.000Z',
  erased_at: null,
};
const seekPage = (items: CustomerSummary[], total: number, nextCursor: string | null) => () =>
  Response.json({ items, total, page: 1, pageSize: 10, previousCursor: null, nextCursor });

const detail: Detail = {
  ...siti,
  addresses: [
    {
      id: 'a1',
      customerName: 'Siti',
      customerPhone: '+6281234567890',
      province: { code: '31', name: 'DKI Jakarta' },
      regency: { code: '31.71', name: 'Kota Jakarta Pusat' },
      district: { code: '31.71.01', name: 'Gambir' },
      postalCode: '10110',
      customerAddress: 'Jl. Melati 5',
      isDefault: true,
    },
  ],
};

it('lists customers with their orders, paid total, last order and consent, searched on the server', async () => {
  const fetch = mockApi({
    'GET /api/admin/customers': seekPage(
      [
        siti,
        {
          ...siti,
          id: 'c2',
          name: 'Budi',
          marketing_consent_at: null,
          orders_count: 0,
          paid_total: 0,
          last_order_at: null,
        },
      ],
      12,
      '2026-10-01T03:00:00.000Z~c2',
    ),
  });
  renderPage('/admin', <CustomerList />, {}, '/admin?section=customers&q=siti');
  const table = await screen.findByRole('table', { name: 'Daftar pelanggan' });
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(
    within(first as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '1',
    'Siti Aminahsiti@contoh.id',
    '3',
    'Rp 1.250.000',
    '20 November 2026 pukul 12.30',
    'Setuju sejak 2 Oktober 2026',
    'Detail',
  ]);
  expect(within(second as HTMLElement).getAllByRole('cell')[5]?.textContent).toBe('Tidak setuju');
  expect(callsTo(fetch, 'GET /api/admin/customers')[0]?.url.search).toBe('?page=1&pageSize=10&q=siti');
  expect(
    screen.getByRole('link', { name: 'Ekspor CSV pelanggan sesuai pencarian' }).getAttribute('href'),
  ).toBe('/api/admin/exports/customers.csv?q=siti');
  // The next page is read by keyset from this page's cursor.
  const next = screen.getByRole('link', { name: /berikutnya|selanjutnya|2/i });
  expect(next.getAttribute('href')).toContain('after=2026-10-01T03%3A00%3A00.000Z%7Ec2');
});

it("shows a customer's profile, addresses and orders, and erases the personal data only after the typed confirmation", async () => {
  const user = userEvent.setup();
  const erased = {
    ...detail,
    name: 'Pelanggan Dihapus',
    email: 'dihapus-c1@pelanggan.invalid',
    phone: null,
    addresses: [],
    marketing_consent_at: null,
    erased_at: '2026-11-29T01:00:00.000Z',
  };
  let current: Detail = detail;
  const fetch = mockApi({
    'GET /api/admin/customers/c1': () => Response.json(current),
    'GET /api/admin/customers/c1/orders': page(
      [
        {
          id: '0a1b2c3d-0000-4000-8000-000000000006',
          status: 'delivered',
          total_amount: 450_000,
          created_at: '2026-11-20T05:30:00.000Z',
        },
      ],
      1,
    ),
    'POST /api/admin/customers/c1/erase': () => {
      current = erased;
      return Response.json(erased);
    },
  });
  renderPage('/admin', <CustomerDetail id="c1" onBack={() => {}} />);
  const profile = await screen.findByRole('region', { name: 'Profil pelanggan' });
  expect(within(profile).getByText('Rp 1.250.000')).toBeTruthy();
  expect(within(profile).getByText('+6281234567890')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Alamat tersimpan' }).textContent).toContain(
    'Jl. Melati 5, Gambir, Kota Jakarta Pusat, DKI Jakarta 10110 (utama)',
  );
  const orders = await screen.findByRole('table', { name: 'Pesanan pelanggan' });
  expect(
    within(orders)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['#0a1b2c3d', '20 November 2026 pukul 12.30', 'Diterima', 'Rp 450.000']);

  await user.click(screen.getByRole('button', { name: 'Hapus Data Pribadi' }));
  const dialog = screen.getByRole('dialog', { name: 'Hapus data pribadi Siti Aminah?' });
  const confirm = within(dialog).getByRole('button', { name: 'Hapus Data Pribadi' });
  expect((confirm as HTMLButtonElement).disabled).toBe(true);
  await user.type(within(dialog).getByLabelText('Ketik HAPUS untuk mengonfirmasi'), 'hapus');
  expect((confirm as HTMLButtonElement).disabled).toBe(false);
  await user.click(confirm);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo(fetch, 'POST /api/admin/customers/c1/erase')[0]?.body).toEqual({ confirm: true });
  expect(
    await screen.findByText('Data pribadi pelanggan ini sudah dihapus atas permintaannya.'),
  ).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Pelanggan Dihapus' })).toBeTruthy();
  expect(screen.getByText('Tidak ada alamat tersimpan.')).toBeTruthy();
});

it("pages a customer's orders in its panel, ten at a time", async () => {
  const user = userEvent.setup();
  const order = (n: number) => ({
    id: `0a1b2c3d-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    status: 'delivered',
    total_amount: 450_000,
    created_at: '2026-11-20T05:30:00.000Z',
  });
  const fetch = mockApi({
    'GET /api/admin/customers/c1': () => Response.json(detail),
    'GET /api/admin/customers/c1/orders': (input) => {
      const asked = Number(new URL(String(input), 'http://localhost').searchParams.get('page'));
      const first = (asked - 1) * 10;
      return page(
        Array.from({ length: asked === 1 ? 10 : 2 }, (_, i) => order(first + i + 1)),
        12,
        asked,
      )();
    },
  });
  renderPage('/admin', <CustomerDetail id="c1" onBack={() => {}} />);
  const pager = await screen.findByRole('navigation', { name: 'Halaman pesanan pelanggan' });
  expect(within(pager).getByText('Halaman 1 dari 2')).toBeTruthy();
  expect((within(pager).getByRole('button', { name: '← Sebelumnya' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  await user.click(within(pager).getByRole('button', { name: 'Berikutnya →' }));
  expect(await within(pager).findByText('Halaman 2 dari 2')).toBeTruthy();
  expect((within(pager).getByRole('button', { name: 'Berikutnya →' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  expect(callsTo(fetch, 'GET /api/admin/customers/c1/orders').map((call) => call.url.search)).toEqual([
    '?page=1&pageSize=10',
    '?page=2&pageSize=10',
  ]);
  expect(within(screen.getByRole('table', { name: 'Pesanan pelanggan' })).getAllByRole('row')).toHaveLength(
    3,
  );
});
