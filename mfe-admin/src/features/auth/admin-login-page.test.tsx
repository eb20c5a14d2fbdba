import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import AdminLoginPage from './admin-login-page.tsx';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin', element: <h1>Dasbor</h1> },
    ],
    { initialEntries: ['/admin/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

it('requires email and password before calling the API', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(screen.getByRole('alert').textContent).toBe('Email harus diisi');
  expect(fetch).not.toHaveBeenCalled();
});

it("shows the server's message in an alert when sign-in fails", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        { error: { code: 'invalid_credentials', message: 'Email atau password salah' } },
        { status: 401 },
      ),
    ),
  );
  renderPage();
  await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Email atau password salah');
});

it("falls back to 'An unexpected error occurred' when the request itself fails", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  renderPage();
  await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
});

it('goes to the dashboard after a successful sign-in', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user: { role: 'admin' } })),
  );
  const router = renderPage();
  await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('heading', { name: 'Dasbor' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin');
});
