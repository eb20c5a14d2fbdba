import type { RemotePreload } from '@gi/contracts/web';
import { expect, it } from 'vitest';
import { preloadStartupChunks, remotePreload } from './preload.ts';

/** A build's output as the plugin sees it: chunks, their static imports and CSS. */
const chunk = (
  fileName: string,
  imports: string[] = [],
  facade: string | null = null,
  css: string[] = [],
  dynamicImports: string[] = [],
) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  dynamicImports,
  facadeModuleId: facade,
  viteMetadata: { importedCss: new Set(css) },
});

function run(exposes: Record<string, string>, bundle: Record<string, unknown>) {
  const plugin = remotePreload('remoteEntry.js', exposes);
  const hooks = plugin as unknown as {
    configResolved(config: { root: string }): void;
    generateBundle(this: unknown, options: unknown, bundle: Record<string, unknown>): void;
  };
  hooks.configResolved({ root: '/remote' });
  const emitted: { fileName: string; source: string }[] = [];
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  hooks.generateBundle.call(context, {}, bundle);
  return emitted;
}

it("writes mf-preload.json: the entry's static closure and each exposed module's, with its CSS", () => {
  const [file] = run(
    { './HomePage': './src/pages/home-page.tsx' },
    {
      'remoteEntry.js': chunk('remoteEntry.js', ['glue.js']),
      'glue.js': chunk('glue.js'),
      'home.js': chunk('home.js', ['app.js'], '/remote/src/pages/home-page.tsx'),
      'app.js': chunk('app.js', ['glue.js'], null, ['app.css']),
      // A chunk loaded later (a dynamic import) is not part of the first render.
      'lazy.js': chunk('lazy.js', [], null, ['lazy.css']),
      'app.css': { type: 'asset', fileName: 'app.css' },
    },
  );
  expect(file?.fileName).toBe('mf-preload.json');
  const preload: RemotePreload = JSON.parse(file?.source ?? '');
  expect(preload).toEqual({
    entry: ['remoteEntry.js', 'glue.js'],
    exposes: { './HomePage': { js: ['home.js', 'app.js', 'glue.js'], css: ['app.css'] } },
  });
});

it('lists with the entry the shared map its init always imports, not the fallbacks that map could import', () => {
  const map = '_virtual_mf-localSharedImportMap___mfe_internal__mfe_cart__mf_owner__1-abc.js';
  const [file] = run(
    { './addToCart': './src/add-to-cart.ts' },
    {
      'remoteEntry.js': chunk('remoteEntry.js', ['helper.js'], null, [], [map, 'action.js']),
      'helper.js': chunk('helper.js'),
      [map]: chunk(map, ['helper.js'], null, [], ['react-fallback.js']),
      'react-fallback.js': chunk('react-fallback.js'),
      'action.js': chunk('action.js', [], '/remote/src/add-to-cart.ts'),
    },
  );
  const preload: RemotePreload = JSON.parse(file?.source ?? '');
  expect(preload.entry).toEqual(['remoteEntry.js', 'helper.js', map]);
});

it('fails the build when an exposed module has no chunk of its own', () => {
  expect(() =>
    run({ './Gone': './src/pages/gone.tsx' }, { 'remoteEntry.js': chunk('remoteEntry.js') }),
  ).toThrow('exposed module ./Gone (./src/pages/gone.tsx) has no chunk of its own');
});

it("preloads the shell's startup chunks that its page does not already load, from the site's root", () => {
  const hooks = preloadStartupChunks() as unknown as {
    transformIndexHtml: { handler(html: string, ctx: { bundle: Record<string, unknown> }): unknown };
  };
  const html = '<script type="module" src="/assets/index.js"></script>';
  const dynamic = (fileName: string) => ({ type: 'chunk', fileName, isDynamicEntry: true });
  const tags = hooks.transformIndexHtml.handler(html, {
    bundle: {
      // The runtime's startup chunks: imported dynamically, needed before any page renders.
      'hostInit.js': dynamic('assets/hostInit.js'),
      'index.js': dynamic('assets/index.js'),
      'app.js': { type: 'chunk', fileName: 'assets/app.js', isDynamicEntry: false },
      'index.css': { type: 'asset', fileName: 'assets/index.css' },
    },
  });
  expect(tags).toEqual([
    {
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/hostInit.js' },
      injectTo: 'head',
    },
  ]);
});
