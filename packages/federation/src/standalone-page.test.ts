import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigEnv } from 'vite';
import { expect, it } from 'vitest';
import { standalonePage, standalonePageHtml } from './standalone-page.ts';

function runConfig(root: string, env: Partial<ConfigEnv>) {
  const hook = standalonePage('mfe-cart').config;
  if (typeof hook !== 'function') throw new Error('config hook missing');
  hook.call({} as never, { root }, { command: 'serve', mode: 'development', ...env } as ConfigEnv);
}

it('is an Indonesian page named after the remote that runs its dev entry', () => {
  const html = standalonePageHtml('mfe-cart');
  expect(html).toContain('<html lang="id">');
  expect(html).toContain('<title>mfe-cart (dev)</title>');
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script type="module" src="./src/dev/main.tsx"></script>');
});

it("writes the page into the remote's root when its dev server starts", () => {
  const root = mkdtempSync(join(tmpdir(), 'standalone-'));
  runConfig(root, {});
  expect(readFileSync(join(root, 'index.html'), 'utf8')).toBe(standalonePageHtml('mfe-cart'));
});

it('writes nothing for a build, the tests or a preview', () => {
  for (const env of [{ command: 'build' as const }, { mode: 'test' }, { isPreview: true }]) {
    const root = mkdtempSync(join(tmpdir(), 'standalone-'));
    runConfig(root, env);
    expect(existsSync(join(root, 'index.html'))).toBe(false);
  }
});
