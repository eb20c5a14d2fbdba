import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The page a remote's dev server opens it alone with (`src/dev/main.tsx` calls
 * @gi/ui's `renderStandalone`): one template for every remote instead of an
 * index.html kept in each.
 */
export function standalonePageHtml(name: string): string {
  return `<!doctype html>
<html lang="id">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${name} (dev)</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./src/dev/main.tsx"></script>
  </body>
</html>
`;
}

/**
 * Writes that page to the remote's `index.html` (git ignores it) when its dev server
 * starts. On disk, not served from memory: the federation plugin looks for
 * `index.html` in the root when the config resolves and puts its init in front of
 * the page's script only then. The build ships the federation entry alone, and
 * tests and `vite preview` need no page.
 */
export function standalonePage(name: string): Plugin {
  return {
    name: 'gi:standalone-page',
    config(config, { command, mode, isPreview }) {
      if (command !== 'serve' || mode === 'test' || isPreview) return;
      const file = join(resolve(config.root ?? '.'), 'index.html');
      const html = standalonePageHtml(name);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== html) writeFileSync(file, html);
    },
  };
}
