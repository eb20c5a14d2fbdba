/**
 * The routing and server-state libraries every microfrontend shares, as ONE
 * federation singleton with only the exports the shop uses. Federation cannot
 * tree-shake a shared package, so sharing `react-router` itself shipped all of it
 * (~67 KiB compressed) to every shopper; through this list the bundler keeps only
 * what is named here. Add an export when code needs it (tsc says so).
 */
import { QueryClient } from '@tanstack/react-query';

export {
  keepPreviousData,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  type To,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';

/** The shop's one query policy: data is fresh for 5 minutes, a failed read is retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } } });
}
