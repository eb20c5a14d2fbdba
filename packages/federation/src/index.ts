/**
 * Build settings every microfrontend shares. Only build-time: each remote still
 * builds, tests and deploys alone; this keeps the singleton list identical
 * everywhere, since one side with a different list silently duplicates React.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import type { ViteUserConfig as UserConfig } from 'vitest/config';
import { bootLoader } from './boot-loader.ts';
import { preloadStartupChunks, remotePreload } from './preload.ts';
import { standalonePage } from './standalone-page.ts';

const singleton = { singleton: true } as const;

export const sharedSingletons = {
  react: singleton,
  'react-dom': singleton,
  // react-router and react-query, trimmed to what the shop uses (see @gi/platform).
  '@gi/platform': singleton,
};

export interface RemoteOptions {
  /** Federation container name, e.g. `mfe_shop` (`remoteBuild` in @gi/contracts' remote table). */
  name: string;
  /** Absolute public path the remote is served from, e.g. `/mfe/shop/`. */
  base: string;
  /** Port of the remote's own dev server. */
  port: number;
  exposes: Record<string, string>;
  /**
   * Own modules kept out of the remote's one app chunk, with the contracts' schemas
   * (see `ownCodeChunk`): forms that validate with zod, reached by dynamic imports.
   */
  separate?: RegExp;
}

const build = {
  // Federation output uses top-level await.
  target: 'esnext',
} as const;

const test: UserConfig['test'] = {
  environment: 'jsdom',
  // Lets Testing Library register its cleanup after each test.
  globals: true,
  restoreMocks: true,
  setupFiles: ['@gi/ui/test-setup'],
  // A whole page's journey in jsdom takes about 1 s alone and over vitest's 5 s default while
  // the other packages' tests share the cores (seen in mfe-cart's checkout tests): not a speed check.
  testTimeout: 20_000,
};

// Contracts' schema modules bring zod; they load with the forms that need them.
const schemaModules = /packages[\\/]contracts[\\/]src[\\/](index|remotes|zod-locale)\.ts$|[\\/]schemas[\\/]/;

const isFederationGlue = (id: string) => /@module-federation[\\/]|mf-external-runtime-core/.test(id);

/**
 * A remote's own code in one chunk, but for `separate` and the schemas: each page
 * is small, and on a phone one more request costs more than the few KiB of the
 * other pages it brings along.
 * Dependencies stay out (`includeDependenciesRecursively: false`): libraries are
 * shared through federation or loaded with the part that needs them.
 */
function ownCodeChunk(separate: RegExp | undefined) {
  const isOwnCode = (id: string) =>
    !id.includes('node_modules') &&
    !id.startsWith('\0') &&
    !id.includes('virtual:') &&
    // Schemas go with the forms kept apart; kept in the app chunk, they would pull zod
    // into every page. Without forms kept apart they stay: a split would make a cycle.
    !(separate && (separate.test(id) || schemaModules.test(id)));
  return {
    ...build,
    rolldownOptions: {
      // Only the federation entry: the standalone dev page (standalone-page.ts)
      // imports every page and would pull shared modules into its own chunk.
      input: {},
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', test: isOwnCode, includeDependenciesRecursively: false },
            // The federation runtime's glue (~1 KiB in three files otherwise): one file.
            { name: 'glue', test: isFederationGlue, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  };
}

const REMOTE_ENTRY = 'remoteEntry.js';

/** What Vite tells a config function: `vite build` or the dev server, and which build. */
interface ConfigEnv {
  command: 'build' | 'serve';
  isSsrBuild?: boolean;
}

export function remoteConfig({ name, base, port, exposes, separate }: RemoteOptions) {
  return ({ command }: ConfigEnv): UserConfig => ({
    base,
    plugins: [
      react(),
      federation({
        name,
        filename: REMOTE_ENTRY,
        manifest: true,
        // The runtime resolves the remote's files against wherever its manifest was
        // fetched from: the same build then works embedded and on its own origin.
        publicPath: 'auto',
        exposes,
        shared: sharedSingletons,
        dts: false,
        // The shell provides the federation runtime to built remotes; one copy per remote cost
        // ~25 KiB each. The standalone dev page has no shell to provide it: the remote brings its own.
        experiments: command === 'build' ? { externalRuntime: true } : {},
      }),
      remotePreload(REMOTE_ENTRY, exposes),
      // Titled by the remote's folder: container `mfe_cart` is `mfe-cart/`.
      standalonePage(name.replaceAll('_', '-')),
    ],
    build: ownCodeChunk(separate),
    // In dev the federation plugin loads a shared module at start only if it saw it used, and it
    // sees react-dom (required inside react-dom/client) only while prebundling: with a warm
    // node_modules/.vite it never does, and react-dom/client reads react-dom's internals from an
    // empty share ("reading 'd'"). Prebundling at every start keeps it seen (dev only).
    optimizeDeps: command === 'serve' ? { force: true } : {},
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true },
    test,
  });
}

/**
 * A server renderer, the shell's or a remote's (`vite build --ssr src/ssr.tsx`): one
 * self-contained Worker module, `dist/ssr/render.js` (SSR_MODULE), deployed with its
 * part's files. React, the platform and the pages are bundled in: the sandbox it runs in
 * has nothing to share them with. CSS Modules get the class names of the browser
 * build (same files, same naming), and no CSS files of their own.
 */
export function rendererConfig({ base }: { base: string }): UserConfig {
  return {
    base,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: {
      noExternal: true,
      target: 'webworker',
      resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] },
    },
    build: {
      ...build,
      outDir: 'dist/ssr',
      minify: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'render.js', codeSplitting: false } },
    },
  };
}

/** A remote that also ships its server renderer: `vite build` for the remote, `vite build --ssr src/ssr.tsx` for `ssr/render.js`. */
export function renderingRemoteConfig(options: RemoteOptions) {
  return (env: ConfigEnv): UserConfig =>
    env.isSsrBuild ? rendererConfig({ base: options.base }) : remoteConfig(options)(env);
}

export interface HostOptions {
  name: string;
  port: number;
  /** The boot loader's source (see bootLoader), e.g. `src/boot/boot-loader.ts`. */
  bootLoaderEntry: string;
}

export function hostConfig({ name, port, bootLoaderEntry }: HostOptions): UserConfig {
  return {
    plugins: [
      react(),
      federation({
        name,
        // Remotes are registered at run time from the page's configuration.
        remotes: {},
        shared: sharedSingletons,
        dts: false,
        experiments: { provideExternalRuntime: true },
      }),
      preloadStartupChunks(),
      bootLoader(bootLoaderEntry),
    ],
    build,
    server: { port, strictPort: true },
    test,
  };
}

export { compileBootLoader } from './boot-loader.ts';
export { type SingleBundleRemote, singleBundleConfig } from './single-bundle.ts';
