/**
 * The benchmark baseline (issue 7): the same shell with every remote imported at
 * build time instead of federated. `@module-federation/runtime` is swapped for a
 * module that answers `loadRemote('mfe_shop/HomePage')` with a plain dynamic
 * import of the exposed file, so no application code knows the difference.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import type { ViteUserConfig as UserConfig } from 'vitest/config';
import { bootLoader } from './boot-loader.ts';

export interface SingleBundleRemote {
  /** Federation container name, e.g. `mfe_shop`. */
  name: string;
  /** The remote's package folder; `exposes` paths are relative to it. */
  root: string;
  exposes: Record<string, string>;
}

const RUNTIME_ID = '\0gi-single-bundle-runtime';

function staticRuntime(remotes: SingleBundleRemote[]): Plugin {
  const loaders = remotes.flatMap(({ name, root, exposes }) =>
    Object.entries(exposes).map(
      ([key, file]) =>
        `${JSON.stringify(`${name}/${key.replace(/^\.\//, '')}`)}: () => import(${JSON.stringify(resolve(root, file))})`,
    ),
  );
  return {
    name: 'gi-single-bundle-runtime',
    enforce: 'pre',
    resolveId: (id) => (id === '@module-federation/runtime' ? RUNTIME_ID : undefined),
    load: (id) =>
      id === RUNTIME_ID
        ? [
            `const loaders = {${loaders.join(',\n')}};`,
            'export function registerRemotes() {}',
            'export function getInstance() { return undefined; }',
            'export async function loadRemote(id) {',
            '  const load = loaders[id];',
            "  if (!load) throw new Error('No module ' + id + ' in the single bundle');",
            '  return load();',
            '}',
          ].join('\n')
        : undefined,
  };
}

export function singleBundleConfig({
  remotes,
  outDir,
  bootLoaderEntry,
}: {
  remotes: SingleBundleRemote[];
  outDir: string;
  /** As in hostConfig: the baseline's rendered pages boot the same way. */
  bootLoaderEntry: string;
}): UserConfig {
  return {
    plugins: [react(), staticRuntime(remotes), bootLoader(bootLoaderEntry)],
    // One stylesheet in index.html: the first screen the Worker renders needs its
    // page's styles before the first paint, as the federated build links them.
    build: { target: 'esnext', outDir, emptyOutDir: true, cssCodeSplit: false },
  };
}
