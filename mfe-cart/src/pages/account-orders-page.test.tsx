import { orderDetail } from '@gi/contracts/fixtures';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import AccountOrdersPage from './account-orders-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const order = (id: string, status: 'pending' | 'delivered') =>
  orderDetail({
    id: `${id}-0000-4000-8000-000000000000`,
    status,
    payment_status: status === 'pending' ? 'pending' : 'paid',
  });

it('lists every order a page at a time, each leading to its order page', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': () => Response.json({ user: customer }),
    'GET /api/orders': (url) =>
      Response.json(
        new URL(url, 'http://x').searchParams.get('cursor') === 'c2'
          ? { items: [order('cccccccc', 'delivered')], nextCursor: null }
          : { items: [order('aaaaaaaa', 'pending'), order('bbbbbbbb', 'delivered')], nextCursor: 'c2' },
      ),
  });
  renderPage('/account/orders', <AccountOrdersPage />);
  const first = await screen.findByRole('link', { name: /^#aaaaaaaa Menunggu Pembayaran .* Rp 267\.123/ });
  expect(first.getAttribute('href')).toBe('/orders/aaaaaaaa-0000-4000-8000-000000000000');
  // Said once, by the badge: the order's state in the payment's words.
  expect(within(first).getAllByText(/Menunggu/)).toHaveLength(1);
  expect(within(first).getByText('Menunggu Pembayaran', { selector: 'span' })).toBeTruthy();
  expect(screen.getAllByRole('link', { name: /^#/ })).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Muat Lebih Banyak' }));
  expect(await screen.findByRole('link', { name: /^#cccccccc / })).toBeTruthy();
  expect(screen.getAllByRole('link', { name: /^#/ })).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Muat Lebih Banyak' })).toBeNull();
  expect(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/orders'))).toEqual([
    '/api/orders',
    '/api/orders?cursor=c2',
  ]);
});

it('shows the empty and the error states, and asks a visitor to sign in', async () => {
  mockApi({
    'GET /api/auth/session': () => Response.json({ user: customer }),
    'GET /api/orders': () => Response.json({ items: [], nextCursor: null }),
  });
  const empty = renderPage('/account/orders', <AccountOrdersPage />);
  expect(await screen.findByText('Belum ada pesanan.')).toBeTruthy();
  empty.unmount();

  mockApi({
    'GET /api/auth/session': () => Response.json({ user: customer }),
    'GET /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  const failed = renderPage('/account/orders', <AccountOrdersPage />);
  expect(await screen.findByText('Gagal memuat riwayat pesanan')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  failed.unmount();

  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/account/orders', <AccountOrdersPage />);
  expect((await screen.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
    '/login?next=%2Faccount%2Forders',
  );
});
