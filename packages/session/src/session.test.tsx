import { ApiError } from '@gi/contracts/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { errorMessage, useSession, useSignOut } from './session.ts';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

it('reads the signed-in user from the API and knows admins', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ user: { id: 'u1', email: 'a@b.id', name: 'Ani', role: 'admin', pendingEmail: null } }),
    ),
  );
  const { result } = renderHook(() => useSession(), { wrapper: wrapper() });
  await waitFor(() => expect(result.current.isLoading).toBe(false));
  expect(result.current.user?.name).toBe('Ani');
  expect(result.current.isAdmin).toBe(true);
});

it('signing out forgets the user even when the network fails', async () => {
  const fetch = vi
    .fn()
    .mockResolvedValueOnce(
      Response.json({ user: { id: 'u1', email: 'a@b.id', name: 'Ani', role: 'customer' } }),
    )
    .mockRejectedValueOnce(new TypeError('offline'));
  vi.stubGlobal('fetch', fetch);
  const Wrapper = wrapper();
  const { result } = renderHook(() => ({ session: useSession(), signOut: useSignOut() }), {
    wrapper: Wrapper,
  });
  await waitFor(() => expect(result.current.session.user?.id).toBe('u1'));
  await act(async () => {
    await result.current.signOut.mutateAsync().catch(() => undefined);
  });
  await waitFor(() => expect(result.current.session.user).toBeNull());
});

it("prefers the server's Indonesian message and falls back otherwise", () => {
  expect(
    errorMessage(new ApiError(401, 'invalid_credentials', 'Email atau password salah'), 'Login gagal'),
  ).toBe('Email atau password salah');
  expect(errorMessage(new ApiError(502, 'unreadable_error', 'HTTP 502'), 'Login gagal')).toBe('Login gagal');
  // The API's own answer to a bad request keeps its Indonesian message, whatever its code.
  expect(errorMessage(new ApiError(400, 'http_error', 'Data yang dikirim tidak valid'), 'Gagal')).toBe(
    'Data yang dikirim tidak valid',
  );
  expect(errorMessage(new TypeError('offline'), 'Login gagal')).toBe('Login gagal');
});
