// The shell's server renderer (`ssr/render.js`, see SSR_MODULE in @gi/contracts): the
// layout for a URL around the route's page, as the browser's first render draws it.
import { PAGE_SLOT_TAG, type ShellRenderRequest } from '@gi/contracts/web';
import { renderAt } from '@gi/ui/ssr';
import { createElement } from 'react';
import { AppRoutes } from './app/router.tsx';
import { ServerPage } from './remotes/remote-route.tsx';

/** The element the Worker replaces with the remote's page (PAGE_SLOT). */
const PageSlot = () => createElement(PAGE_SLOT_TAG);

/**
 * What the shell renders on the server for `url`: the App of `main.tsx` (renderAt: its
 * QueryClient, a static router), the session and the cart badge at their server
 * snapshots (no user, no badge: the same for every visitor), and PAGE_SLOT in place of
 * a remote's page; a path of no route gets the shell's own 404 page.
 */
export function renderShell({ url }: ShellRenderRequest): string {
  return renderAt(
    url,
    <ServerPage.Provider value={PageSlot}>
      <AppRoutes />
    </ServerPage.Provider>,
  );
}

export default {
  async fetch(request: Request): Promise<Response> {
    const html = renderShell((await request.json()) as ShellRenderRequest);
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
};
