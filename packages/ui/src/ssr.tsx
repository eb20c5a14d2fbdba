import { withInitialAnswers } from '@gi/contracts/client';
import { matchPageRoute, type RemoteName, type RenderRequest } from '@gi/contracts/web';
import { QueryClient, QueryClientProvider, Route, Routes } from '@gi/platform';
import type { ComponentType, ReactNode } from 'react';
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
 * A remote's `ssr/render.js` (see `SSR_MODULE`): its pages rendered to HTML with the
 * providers the shell gives them and the Worker's inlined answers as query data,
 * so the markup is what the page's own first render in the browser produces.
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
      const client = new QueryClient({ defaultOptions: queryClientDefaults });
      const html = withInitialAnswers(data, () =>
        renderToString(
          <QueryClientProvider client={client}>
            <StaticRouter location={url}>
              <Routes>
                <Route path={match.route.path} element={element} />
              </Routes>
            </StaticRouter>
          </QueryClientProvider>,
        ),
      );
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
  };
}
