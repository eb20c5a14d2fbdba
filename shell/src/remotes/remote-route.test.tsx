import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import { captureFirstScreen } from './first-screen.ts';
import { forgetRemote, RemoteRoute } from './remote-route.tsx';

const loadRemoteComponent = vi.hoisted(() => vi.fn());
vi.mock('./load-remote.ts', () => ({ loadRemoteComponent }));

const route = {
  path: '/cart',
  remote: 'cart',
  module: './CartPage',
  title: 'Keranjang',
  description: '',
} as const;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

it('shows an Indonesian error with a retry that loads the remote again', async () => {
  loadRemoteComponent.mockRejectedValueOnce(new Error('offline'));
  loadRemoteComponent.mockResolvedValueOnce(() => <h1>Keranjang Belanja</h1>);

  render(<RemoteRoute route={route} />);
  expect(await screen.findByRole('heading', { name: 'Bagian ini gagal dimuat' })).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
  expect(await screen.findByRole('heading', { name: 'Keranjang Belanja' })).toBeTruthy();
  expect(loadRemoteComponent).toHaveBeenLastCalledWith('cart', './CartPage', true);
  expect(document.title).toBe('Keranjang');
});

it("keeps the Worker's first screen on show until the remote's page replaces it, once", async () => {
  window.history.pushState({}, '', '/cart?from=test');
  document.body.innerHTML =
    '<main id="gi-first-screen"><h1>Keranjang dari server</h1>' +
    '<form method="get"><input type="search" name="q" aria-label="Cari" data-url-state=""></form></main>';
  captureFirstScreen();
  document.body.innerHTML = '';
  forgetRemote(route); // the test above loaded this page already
  let arrive: (page: () => ReactNode) => void = () => {};
  loadRemoteComponent.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));

  const first = render(<RemoteRoute route={route} />);
  expect(await screen.findByRole('heading', { name: 'Keranjang dari server' })).toBeTruthy();
  expect(screen.queryByText('Memuat halaman...')).toBeNull();
  // Left live by the Worker for visitors without JavaScript; here the live page is coming.
  expect(screen.getByRole('searchbox', { name: 'Cari' })).toHaveProperty('disabled', true);

  arrive(() => <h1>Keranjang Belanja</h1>);
  expect(await screen.findByRole('heading', { name: 'Keranjang Belanja' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Keranjang dari server' })).toBeNull();
  first.unmount();

  // The server's HTML described the page as it was when the visit began: never again.
  forgetRemote(route);
  loadRemoteComponent.mockReturnValueOnce(new Promise(() => {}));
  render(<RemoteRoute route={route} />);
  expect(await screen.findByText('Memuat halaman...')).toBeTruthy();
});
