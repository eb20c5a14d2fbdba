import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { queryClientDefaults } from './query.ts';

export interface TestRoute {
  path: string;
  element: ReactNode;
}

/** Where a test's page is and how it moves on, read the way the page's own hooks see it. */
export interface TestRouter {
  state: { location: { pathname: string; search: string }; historyAction: NavigationType };
  navigate: NavigateFunction;
}

/**
 * The providers the shell gives a remote's page, as in production: the shop's QueryClient
 * defaults (5-minute stale time) and the declarative router the shell uses (`<Routes>` as under
 * its `<BrowserRouter>`, so a data-router-only hook fails here as it would in the shop). Two
 * differences, on purpose: the history lives in memory (each test starts fresh at `url`,
 * jsdom's window history would carry over between tests), and a failed read is not retried
 * (production retries once after a second; tests look at what the page does after it fails).
 * The page's route is `page`; each of `others` (path → heading) shows just its heading.
 */
export function shellProviders(url: string, page: TestRoute, others: Record<string, string> = {}) {
  // Each other route shows only its heading, to assert where links and buttons lead.
  const routes = [
    page,
    ...Object.entries(others).map(([path, heading]) => ({ path, element: <h1>{heading}</h1> })),
  ];
  const client = new QueryClient({
    defaultOptions: { queries: { ...queryClientDefaults.queries, retry: false } },
  });
  const router = {} as TestRouter;
  const tree = (wrap: (routes: ReactNode) => ReactNode = (node) => node) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {wrap(
          <Routes>
            {routes.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>,
        )}
        <Probe router={router} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { client, router, tree };
}

/** Keeps `router` up to date with what the page's own hooks see. */
function Probe({ router }: { router: TestRouter }) {
  router.state = { location: useLocation(), historyAction: useNavigationType() };
  router.navigate = useNavigate();
  return null;
}
