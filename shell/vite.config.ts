import { hostConfig, singleBundleConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';

// `GI_SINGLE_BUNDLE=1` builds the benchmark baseline into ../dist-single: the
// remotes' exposed modules compiled into the shell (see @gi/federation).
const bootLoaderEntry = new URL('src/boot/boot-loader.ts', import.meta.url).pathname;

export default defineConfig(async () => {
  if (!process.env.GI_SINGLE_BUNDLE) return hostConfig({ name: 'shell', port: 5173, bootLoaderEntry });
  const remotes = await Promise.all(
    (['shop', 'cart', 'admin'] as const).map(async (remote) => {
      const root = new URL(`../mfe-${remote}/`, import.meta.url);
      const { exposes } = await import(new URL('exposes.ts', root).href);
      return { name: `mfe_${remote}`, root: root.pathname, exposes: exposes as Record<string, string> };
    }),
  );
  return singleBundleConfig({
    remotes,
    outDir: new URL('../dist-single/', import.meta.url).pathname,
    bootLoaderEntry,
  });
});
