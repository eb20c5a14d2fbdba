import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { Navbar } from './navbar.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string, user: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Navbar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Navigasi utama' }));
}

it("leads a signed-in customer's name to the account page", async () => {
  const nav = renderAt('/products', { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer' });
  expect((await nav.findByRole('link', { name: 'Ani' })).getAttribute('href')).toBe('/account');
});

it("leads an admin's name to the dashboard", async () => {
  const nav = renderAt('/', { id: 'a1', email: 'sari@contoh.id', name: 'Sari', role: 'admin' });
  expect((await nav.findByRole('link', { name: 'Sari' })).getAttribute('href')).toBe('/admin');
});

it('signs a guest in and back to the page they were on', async () => {
  const nav = renderAt('/product/p1?ukuran=50', null);
  expect((await nav.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
    '/customer/login?next=%2Fproduct%2Fp1%3Fukuran%3D50',
  );
});

it('needs no return address from home', async () => {
  const nav = renderAt('/', null);
  expect((await nav.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe('/customer/login');
});
