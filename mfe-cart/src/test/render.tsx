import { TOAST_EVENT, type ToastMessage } from '@gi/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** Renders a page at `path` with the providers the shell gives, plus a page per extra route. */
export function renderPage(path: string, page: ReactElement, others: Record<string, string> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...Object.entries(others).map(([p, heading]) => ({ path: p, element: <h1>{heading}</h1> })),
    ],
    { initialEntries: [path] },
  );
  const toasts: ToastMessage[] = [];
  const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastMessage>).detail);
  window.addEventListener(TOAST_EVENT, onToast);
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    router,
    toasts,
    client,
    stopToasts: () => window.removeEventListener(TOAST_EVENT, onToast),
  };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Routes fetch calls by "METHOD /path" to handlers; anything else fails the test loudly. */
export function mockApi(routes: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected API call ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const guest = () => Response.json({ user: null });
