import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { RemoteRoute } from './remote-route.tsx';

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
