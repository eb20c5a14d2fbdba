import { withInitialAnswers } from '@gi/contracts/client';
import { matchPageRoute, PAGE_TREE_SLOT, type RemoteName, type RenderRequest } from '@gi/contracts/web';
import { QueryClient, QueryClientProvider, Route, Routes } from '@gi/platform';
import { type ComponentType, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { queryClientDefaults } from './query.ts';

export interface RendererOptions {
  remote: RemoteName;
  /** Exposed module name → page component (the remote's `exposes`). */
  pages: Record<string, ComponentType>;
  /**
   * Around every page: stand-ins for parts other remotes own, which are never
   * server-rendered, and state the request carries. null: this request cannot be
   * rendered as the browser would show it (answered 204).
   */
  wrap?: (page: ReactNode, request: RenderRequest) => ReactNode | null;
}

/**
 * The page among empty siblings at the place the shell's tree holds it (PAGE_TREE_SLOT):
 * React's useId derives ids from that place, so they match the page's hydration in the shell.
 */
function atPageSlot(page: ReactNode): ReactNode {
  return PAGE_TREE_SLOT.reduceRight<ReactNode>(
    (inner, [siblings, index]) =>
      Array.from({ length: siblings }, (_, i) =>
        i === index ? <Fragment key="page">{inner}</Fragment> : null,
      ),
    page,
  );
}

/**
 * A remote's `ssr/render.js` (see `SSR_MODULE`): its pages rendered to HTML with the
 * providers the shell gives them and the Worker's inlined answers as query data,
 * so the markup is what the page's own first render in the browser produces, the
 * render the shell hydrates it with (ids included).
 */
export function createRenderer({ remote, pages, wrap = (page) => page }: RendererOptions) {
  return {
    async fetch(request: Request): Promise<Response> {
      const body = (await request.json()) as RenderRequest;
      const { url, data } = body;
      const match = matchPageRoute(new URL(url, 'http://page.invalid').pathname);
      const Page = match?.route.remote === remote ? pages[match.route.module] : undefined;
      const element = Page ? wrap(<Page />, body) : null;
      if (!match || element === null) return new Response(null, { status: 204 });
      const html = withInitialAnswers(data, () =>
        renderAt(
          url,
          <Routes>
            <Route path={match.route.path} element={atPageSlot(element)} />
          </Routes>,
        ),
      );
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
  };
}

/**
 * `element` as HTML, as the browser's first render at `url` draws it: under the shop's one
 * QueryClient (its defaults, nothing fetched) and a router at that URL. The shell's renderer
 * (its layout) and every remote's (their pages) render through it.
 */
export function renderAt(url: string, element: ReactNode): string {
  const client = new QueryClient({ defaultOptions: queryClientDefaults });
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>{element}</StaticRouter>
    </QueryClientProvider>,
  );
}
