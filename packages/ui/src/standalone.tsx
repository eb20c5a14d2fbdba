import { BrowserRouter, QueryClient, QueryClientProvider, Route, Routes } from '@gi/platform';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClientDefaults } from './query.ts';
import './tokens.css';

/**
 * Dev entry of a remote run alone (`pnpm dev` in its folder): mounts its pages
 * with the same providers the shell gives them, without the shell.
 */
export function renderStandalone(pages: Record<string, ComponentType>): void {
  const queryClient = new QueryClient({ defaultOptions: queryClientDefaults });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={import.meta.env.BASE_URL}>
          <Routes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
