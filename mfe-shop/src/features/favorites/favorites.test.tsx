import { GUEST_FAVORITES_KEY } from '@gi/contracts/guest-favorites';
import { captureToasts, mockApi, shellProviders } from '@gi/ui/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { amber, citrus, oud, page } from '../../test/fixtures.ts';

// The store and the actions keep the page's list in their modules: each test starts afresh.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const customer = { id: 'u-ani', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };

/** The hearts (and the page) as the shell renders them; `user`: the session the shell has read (null: a guest). */
async function renderHearts(user: typeof customer | null, ids = ['p-oud', 'p-citrus']) {
  const { FavoriteButton } = await import('./favorite-button.tsx');
  const { client, tree } = shellProviders('/', {
    path: '/',
    element: (
      <>
        {ids.map((id) => (
          <div key={id} data-testid={id}>
            <FavoriteButton productId={id} />
          </div>
        ))}
      </>
    ),
  });
  const toasts = captureToasts();
  const view = render(tree());
  act(() => client.setQueryData(['session'], user));
  return { ...view, client, toasts };
}

const heart = (id: string) => screen.getByTestId(id).querySelector('button') as HTMLButtonElement;
const state = (id: string) => [heart(id).getAttribute('aria-pressed'), heart(id).getAttribute('aria-label')];

it("a guest's hearts come from the browser; a press adds or removes there, newest first, with no call to the API", async () => {
  const fetch = mockApi({});
  localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(['p-citrus']));
  await renderHearts(null);
  expect(state('p-oud')).toEqual(['false', 'Tambah ke Favorit']);
  expect(state('p-citrus')).toEqual(['true', 'Hapus dari Favorit']);

  await userEvent.click(heart('p-oud'));
  await waitFor(() => expect(state('p-oud')).toEqual(['true', 'Hapus dari Favorit']));
  expect(JSON.parse(localStorage.getItem(GUEST_FAVORITES_KEY) ?? '')).toEqual(['p-oud', 'p-citrus']);
  await userEvent.click(heart('p-citrus'));
  await waitFor(() => expect(state('p-citrus')).toEqual(['false', 'Tambah ke Favorit']));
  expect(JSON.parse(localStorage.getItem(GUEST_FAVORITES_KEY) ?? '')).toEqual(['p-oud']);
  expect(fetch).not.toHaveBeenCalled();
});

it("is unpressed in the server's HTML, which knows no browser's list", async () => {
  const { FavoriteButton } = await import('./favorite-button.tsx');
  const { renderToString } = await import('react-dom/server');
  localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(['p-oud']));
  const { tree } = shellProviders('/', { path: '/', element: <FavoriteButton productId="p-oud" /> });
  const html = renderToString(tree());
  expect(html).toContain('aria-pressed="false"');
  expect(html).toContain('aria-label="Tambah ke Favorit"');
});

it("a customer's hearts show the account's list; the guest's list merges into it once, then leaves the browser", async () => {
  localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(['p-amber', 'p-oud']));
  const merged: unknown[] = [];
  const fetch = mockApi({
    'POST /api/favorites/merge': (_url, init) => {
      merged.push(JSON.parse(String(init.body)));
      return Response.json({ added: 2, total: 3 });
    },
    'GET /api/favorites': () =>
      Response.json(page([amber, oud, citrus].map((p) => ({ ...p, added_at: '' }))), {}),
    'DELETE /api/favorites/p-oud': () => Response.json({ productId: 'p-oud', favorite: false, total: 2 }),
  });
  await renderHearts(customer, ['p-oud', 'p-citrus', 'p-other']);
  await waitFor(() => expect(state('p-citrus')).toEqual(['true', 'Hapus dari Favorit']));
  expect(state('p-oud')[0]).toBe('true');
  expect(state('p-other')[0]).toBe('false');
  expect(merged).toEqual([{ productIds: ['p-amber', 'p-oud'] }]);
  expect(localStorage.getItem(GUEST_FAVORITES_KEY)).toBeNull();

  await userEvent.click(heart('p-oud'));
  await waitFor(() => expect(state('p-oud')).toEqual(['false', 'Tambah ke Favorit']));
  expect(
    fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`),
  ).toEqual(['POST /api/favorites/merge', 'GET /api/favorites', 'DELETE /api/favorites/p-oud']);
  // Nothing went back into the browser's list.
  expect(localStorage.getItem(GUEST_FAVORITES_KEY)).toBeNull();
});

it("a refusal puts the heart back and says the server's reason", async () => {
  mockApi({
    'GET /api/favorites': () => Response.json(page([])),
    'PUT /api/favorites/p-oud': () =>
      Response.json(
        {
          error: {
            code: 'favorites_full',
            message: 'Favorit sudah penuh (maksimal 200 produk). Hapus yang lain dulu.',
          },
        },
        { status: 409 },
      ),
  });
  const { toasts } = await renderHearts(customer, ['p-oud']);
  await userEvent.click(heart('p-oud'));
  await waitFor(() =>
    expect(toasts.toasts).toEqual([
      {
        title: 'Error',
        description: 'Favorit sudah penuh (maksimal 200 produk). Hapus yang lain dulu.',
        variant: 'destructive',
      },
    ]),
  );
  expect(state('p-oud')).toEqual(['false', 'Tambah ke Favorit']);
  toasts.stop();
});
