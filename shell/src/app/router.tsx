import { pageRoutes } from '@gi/contracts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from '../layout/layout.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RemoteRoute } from '../remotes/remote-route.tsx';

export function routeObjects(): RouteObject[] {
  return [
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
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
