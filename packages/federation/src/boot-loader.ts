import { BOOT_LOADER_FILE } from '@gi/contracts/web';
import { build, type Plugin } from 'vite';

/**
 * Compiles `entry` (the shell's boot loader, TypeScript) alone into one minified
 * module without imports, and writes it as BOOT_LOADER_FILE. The Worker inlines that
 * text into every server-rendered page and admits it by its hash: a separate bundle,
 * because an inline script can share no chunk with the app it starts.
 */
export async function compileBootLoader(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      modulePreload: false,
      rolldownOptions: {
        input: entry,
        // Only what the loader uses: the contracts' other modules (route table, formats) stay out.
        treeshake: { moduleSideEffects: false },
        output: { format: 'es', codeSplitting: false },
      },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunks = output && 'output' in output ? output.output.filter((item) => item.type === 'chunk') : [];
  const [chunk] = chunks;
  if (!chunk || chunks.length !== 1 || chunk.imports.length > 0)
    throw new Error(`${entry}: the boot loader must compile to one chunk without imports`);
  return chunk.code.trim();
}

/** The shell's build plugin: `entry` compiled (compileBootLoader) as BOOT_LOADER_FILE. */
export function bootLoader(entry: string): Plugin {
  return {
    name: 'gi-boot-loader',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: BOOT_LOADER_FILE, source: await compileBootLoader(entry) });
    },
  };
}
