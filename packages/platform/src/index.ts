/**
 * The routing and server-state libraries every microfrontend shares, as ONE
 * federation singleton with only the exports the shop uses. Federation cannot
 * tree-shake a shared package, so sharing `react-router` itself shipped all of it
 * (~67 KiB compressed) to every shopper; through this list the bundler keeps only
 * what is named here. Add an export when code needs it (tsc says so). Re-exports
 * only: code of its own here made the remotes bundle their fallback copy statically.
 */
export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  type UseQueryResult,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export {
  BrowserRouter,
  Link,
  type Location,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  type To,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
