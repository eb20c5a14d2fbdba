/** The browser's route table (vite.config.ts's `browserRoutes`): `pageRoutes` of @gi/contracts, four columns. */
declare module 'virtual:page-routes' {
  import type { PageRoute } from '@gi/contracts/web';

  export type BrowserRoute = Pick<PageRoute, 'path' | 'remote' | 'module' | 'title'>;
  export const pageRoutes: readonly BrowserRoute[];
}
