/**
 * Build settings every microfrontend shares. Only build-time: each remote still
 * builds, tests and deploys alone; this keeps the singleton list identical
 * everywhere, since one side with a different list silently duplicates React.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import type { ViteUserConfig as UserConfig } from 'vitest/config';

const singleton = { singleton: true } as const;

export const sharedSingletons = {
  react: singleton,
  'react-dom': singleton,
  'react-router': singleton,
  '@tanstack/react-query': singleton,
};

export interface RemoteOptions {
  /** Federation container name, e.g. `mfe_shop` (see `remoteContainers`). */
  name: string;
  /** Absolute public path the remote is served from, e.g. `/mfe/shop/`. */
  base: string;
  /** Port of the remote's own dev server. */
  port: number;
  exposes: Record<string, string>;
}

const build = {
  // Federation output uses top-level await.
  target: 'esnext',
} as const;

const test = {
  environment: 'jsdom',
  // Lets Testing Library register its cleanup after each test.
  globals: true,
  restoreMocks: true,
} as const;

export function remoteConfig({ name, base, port, exposes }: RemoteOptions): UserConfig {
  return {
    base,
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: sharedSingletons,
        dts: false,
      }),
    ],
    build,
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true },
    test,
  };
}

export function hostConfig({ name, port }: { name: string; port: number }): UserConfig {
  return {
    plugins: [
      react(),
      federation({
        name,
        // Remotes are registered at run time from the page's configuration.
        remotes: {},
        shared: sharedSingletons,
        dts: false,
      }),
    ],
    build,
    server: { port, strictPort: true },
    test,
  };
}
