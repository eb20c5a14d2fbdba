import { captureToasts, mockApi } from '@gi/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders a page at `path` (a route pattern, or a URL with a query) with the providers the
 * shell gives, plus a page per extra route.
 */
export function renderPage(
  path: string,
  page: ReactElement,
  others: Record<string, string> = {},
  url: string = path,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] as string, element: page },
      ...Object.entries(others).map(([p, heading]) => ({ path: p, element: <h1>{heading}</h1> })),
    ],
    { initialEntries: [url] },
  );
  const { toasts, stop: stopToasts } = captureToasts();
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
    stopToasts,
  };
}

export { mockApi };

export const guest = () => Response.json({ user: null });
