import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './tokens.css';

/**
 * Dev entry of a remote run alone (`pnpm dev` in its folder): mounts its pages
 * with the same providers the shell gives them, without the shell.
 */
export function renderStandalone(pages: Record<string, ComponentType>): void {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } } });
  const router = createBrowserRouter(
    Object.entries(pages).map(([path, Page]) => ({ path, element: <Page /> })),
    { basename: import.meta.env.BASE_URL },
  );
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
