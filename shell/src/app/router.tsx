import { pageRoutes } from 'virtual:page-routes';
import { type RouteObject, useRoutes } from '@gi/platform';
import { Layout } from '../layout/layout.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RemoteRoute } from '../remotes/remote-route.tsx';

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...pageRoutes.map((route) => ({
        path: route.path,
        element: <RemoteRoute route={route} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The shop's pages, under <BrowserRouter>. Declarative routing on purpose: the data
 * router (loaders, actions) is unused here and would add ~15 KiB to every visit.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
