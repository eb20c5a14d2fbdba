import { BrowserRouter, useNavigate } from '@gi/platform';
import { toast, toastError } from '@gi/ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Toaster } from './toaster.tsx';

let navigate: ReturnType<typeof useNavigate>;
function NavigateProbe() {
  navigate = useNavigate();
  return null;
}

function renderToaster() {
  return render(
    <BrowserRouter>
      <NavigateProbe />
      <Toaster />
    </BrowserRouter>,
  );
}

const raise = (show: () => void) => act(async () => show());
const toasts = () => screen.queryAllByRole('alert').concat(screen.queryAllByRole('status'));

beforeEach(() => window.history.replaceState(null, '', '/products'));
afterEach(() => vi.useRealTimers());

it('shows a toast raised anywhere on the page and hides it after a while', async () => {
  vi.useFakeTimers();
  renderToaster();
  await raise(() => toastError('Gagal memuat produk unggulan.'));
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Error');
  expect(alert.textContent).toContain('Gagal memuat produk unggulan.');
  act(() => vi.advanceTimersByTime(5000));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows one toast at a time: a success replaces the failure before it', async () => {
  renderToaster();
  await raise(() =>
    toast({ title: 'Login gagal', description: 'Email atau password salah', variant: 'destructive' }),
  );
  await raise(() => toast({ title: 'Login berhasil', description: 'Selamat datang kembali!' }));
  expect(toasts().map((t) => t.textContent)).toEqual([expect.stringContaining('Login berhasil')]);
});

it('does not follow the shopper to another page, but a toast raised as the page navigates goes along', async () => {
  renderToaster();
  await raise(() => toast({ title: 'Produk ditambahkan' }));
  await act(async () => navigate('/cart'));
  expect(toasts()).toEqual([]);

  await raise(() => {
    toast({ title: 'Login berhasil' });
    navigate('/');
  });
  expect(screen.getByRole('status').textContent).toContain('Login berhasil');
});

it('closes on its close button', async () => {
  renderToaster();
  await raise(() => toast({ title: 'Produk ditambahkan' }));
  await userEvent.click(screen.getByRole('button', { name: 'Tutup notifikasi' }));
  expect(toasts()).toEqual([]);
});

it('leads to where its link says and goes away on the way', async () => {
  renderToaster();
  await raise(() =>
    toast({ title: 'Pesanan berhasil dibuat', action: { label: 'Lihat Pesanan', to: '/orders/o1' } }),
  );
  await userEvent.click(screen.getByRole('link', { name: 'Lihat Pesanan' }));
  expect(window.location.pathname).toBe('/orders/o1');
  expect(toasts()).toEqual([]);
});
