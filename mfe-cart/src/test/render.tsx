import { captureToasts, mockApi, shellProviders } from '@gi/ui/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders a page at `path` (a route pattern, or a URL with a query) with the providers the
 * shell gives (`shellProviders`), plus a page per extra route.
 */
export function renderPage(
  path: string,
  page: ReactElement,
  others: Record<string, string> = {},
  url: string = path,
) {
  const { client, router, tree } = shellProviders(
    url,
    { path: path.split('?')[0] as string, element: page },
    others,
  );
  const { toasts, stop: stopToasts } = captureToasts();
  const view = render(tree());
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
