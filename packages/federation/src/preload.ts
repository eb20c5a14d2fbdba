/**
 * What a page needs from a build, written at build time so nobody discovers it one
 * round trip at a time in the browser (issue 7).
 */
import { resolve } from 'node:path';
import { PRELOAD_FILE, type RemotePreload } from '@gi/contracts/web';
import type { Plugin } from 'vite';

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports?: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

function staticClosure(bundle: Record<string, { type: string }>, start: string[]): OutputChunkLike[] {
  const seen = new Map<string, OutputChunkLike>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName] as OutputChunkLike | undefined;
    if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
    seen.set(fileName, chunk);
    for (const next of chunk.imports) visit(next);
  };
  for (const fileName of start) visit(fileName);
  return [...seen.values()];
}

/**
 * The remote entry's `init` always imports the federation's map of the remote's shared
 * modules (`…localSharedImportMap…`) before any exposed module can load: found only
 * then, it costs one more round trip on every first use of the remote. (Its own dynamic
 * imports, the remote's fallback copies of the shared libraries, are not loaded while
 * the shell provides them.)
 */
const startupImports = (entry: OutputChunkLike | undefined) =>
  (entry?.dynamicImports ?? []).filter((fileName) => fileName.includes('localSharedImportMap'));

/**
 * Remote builds: writes `mf-preload.json`, the static import closure of the remote
 * entry (with the shared map its init imports) and of each exposed module with their CSS. The Worker turns it into
 * `modulepreload` hints for the route's page; scripts/budget.mjs sums it.
 * (mf-manifest.json's lists leave out the exposed chunk itself and the shared glue.)
 */
export function remotePreload(entryFileName: string, exposes: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'gi-remote-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & OutputChunkLike => item.type === 'chunk',
      );
      const entry = bundle[entryFileName] as OutputChunkLike | undefined;
      const preload: RemotePreload = {
        entry: staticClosure(bundle, [entryFileName, ...startupImports(entry)]).map(
          (chunk) => chunk.fileName,
        ),
        exposes: {},
      };
      for (const [key, source] of Object.entries(exposes)) {
        const file = resolve(root, source);
        const chunk = chunks.find((c) => c.facadeModuleId === file);
        if (!chunk) this.error(`exposed module ${key} (${source}) has no chunk of its own`);
        const closure = staticClosure(bundle, [chunk.fileName]);
        preload.exposes[key] = {
          js: closure.map((c) => c.fileName),
          css: [...new Set(closure.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: PRELOAD_FILE,
        source: `${JSON.stringify(preload, null, 2)}\n`,
      });
    },
  };
}

/**
 * The shell: its shared modules (react-dom, @gi/platform) are loaded through dynamic
 * imports while federation starts, so the browser would find them late. The shell
 * has no lazy code of its own (pages come from remotes): every dynamic chunk it
 * emits runs at start, and index.html preloads them all.
 */
export function preloadStartupChunks(): Plugin {
  return {
    name: 'gi-preload-startup-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return Object.values(ctx.bundle ?? {})
          .filter((item) => item.type === 'chunk' && item.isDynamicEntry && !html.includes(item.fileName))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
