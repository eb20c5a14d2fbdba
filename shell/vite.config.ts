import { remoteBuild, remoteContainer, remoteNames } from '@gi/contracts/remote-table';
import { pageRoutes, REMOTES_CONFIG_ELEMENT_ID } from '@gi/contracts/web';
import { hostConfig, rendererConfig, singleBundleConfig } from '@gi/federation';
import type { Plugin } from 'vite';
import { defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';

// `GI_SINGLE_BUNDLE=1` builds the benchmark baseline into ../dist-single: the
// remotes' exposed modules compiled into the shell (see @gi/federation).
const bootLoaderEntry = new URL('src/boot/boot-loader.ts', import.meta.url).pathname;

/** `pnpm dev`: the page names every remote's dev server (the Worker writes the real ones into built pages). */
const devRemotes: Plugin = {
  name: 'gi-dev-remotes',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(
      new RegExp(`(<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">)[^<]*`),
      (_, open: string) => {
        const remotes = remoteNames.map((name) => {
          const { base, port } = remoteBuild(name);
          return [name, `http://localhost:${port}${base}mf-manifest.json`];
        });
        return open + JSON.stringify(Object.fromEntries(remotes));
      },
    ),
};

const PAGE_ROUTES = 'virtual:page-routes';

/**
 * `virtual:page-routes`: the route table's columns the browser routes by (path, remote, module,
 * title), written out at build time. The descriptions and page reads serve the Worker only and
 * would cost every first visit ~1.3 KiB gzip (decision 044). The dev server reads the table at
 * its start.
 */
const browserRoutes: Plugin = {
  name: 'gi-browser-routes',
  resolveId: (id) => (id === PAGE_ROUTES ? `\0${PAGE_ROUTES}` : undefined),
  load(id) {
    if (id !== `\0${PAGE_ROUTES}`) return undefined;
    const routes = pageRoutes.map(({ path, remote, module, title }) => ({ path, remote, module, title }));
    return `export const pageRoutes = ${JSON.stringify(routes)};`;
  },
};

const withBrowserRoutes = (config: UserConfig): UserConfig => ({
  ...config,
  plugins: [...(config.plugins ?? []), browserRoutes],
});

export default defineConfig(async ({ isSsrBuild }) => {
  // `vite build --ssr src/ssr.tsx`: the layout's server renderer, dist/ssr/render.js, the same
  // for both builds (scripts/assemble.mjs copies it into the single bundle).
  if (isSsrBuild) return withBrowserRoutes(rendererConfig({ base: '/' }));
  if (!process.env.GI_SINGLE_BUNDLE) {
    const config = hostConfig({ name: 'shell', port: 5173, bootLoaderEntry });
    return { ...config, plugins: [...(config.plugins ?? []), devRemotes, browserRoutes] };
  }
  const remotes = await Promise.all(
    remoteNames.map(async (remote) => {
      const root = new URL(`../mfe-${remote}/`, import.meta.url);
      const { exposes } = await import(new URL('exposes.ts', root).href);
      return {
        name: remoteContainer(remote),
        root: root.pathname,
        exposes: exposes as Record<string, string>,
      };
    }),
  );
  return withBrowserRoutes(
    singleBundleConfig({
      remotes,
      outDir: new URL('../dist-single/', import.meta.url).pathname,
      bootLoaderEntry,
    }),
  );
});
