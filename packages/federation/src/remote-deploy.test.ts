import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteNames } from '@gi/contracts/remote-table';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script, without types.
import { HASHED_HEADERS, layOut } from '../../remote-worker/layout.mjs';
import { cacheControl } from '../../remote-worker/src/headers.ts';

const root = new URL('../../..', import.meta.url).pathname;

describe('a remote deployed alone: hashed files skip its Worker', () => {
  it('lays the build out under the public path, with the hashed files’ headers in _headers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'remote-layout-'));
    const remote = join(dir, 'mfe-cart');
    mkdirSync(join(remote, 'dist/assets'), { recursive: true });
    writeFileSync(join(remote, 'dist/remoteEntry.js'), 'export {}');
    writeFileSync(join(remote, 'dist/assets/app-abc123.js'), 'export {}');
    expect(layOut(remote)).toBe('/mfe/cart/');
    const out = join(remote, '.wrangler/assets');
    expect(readFileSync(join(out, 'mfe/cart/assets/app-abc123.js'), 'utf8')).toBe('export {}');
    expect(existsSync(join(out, 'mfe/cart/remoteEntry.js'))).toBe(true);
    expect(readFileSync(join(out, '_headers'), 'utf8').split('\n')).toEqual([
      '/mfe/cart/assets/*',
      ...HASHED_HEADERS.map((h: string) => `  ${h}`),
      '',
    ]);
    // The static rule says what the Worker would for such a file.
    expect(HASHED_HEADERS).toContain(`Cache-Control: ${cacheControl('/mfe/cart/assets/app-abc123.js')}`);
  });

  it('refuses a folder without a build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'remote-layout-'));
    expect(() => layOut(join(dir, 'mfe-cart'))).toThrow(/no build/);
  });

  it('is what every remote’s wrangler.toml serves, running its Worker first for all but the hashed files', () => {
    for (const name of remoteNames) {
      const toml = readFileSync(join(root, `mfe-${name}/wrangler.toml`), 'utf8');
      expect(toml).toMatch(/^directory = "\.\/\.wrangler\/assets"$/m);
      expect(toml).toContain(`run_worker_first = ["/*", "!/mfe/${name}/assets/*"]`);
      const scripts = JSON.parse(readFileSync(join(root, `mfe-${name}/package.json`), 'utf8')).scripts;
      for (const script of ['deploy', 'deploy:dry-run']) {
        expect(scripts[script]).toMatch(/node \.\.\/packages\/remote-worker\/layout\.mjs && wrangler deploy/);
      }
    }
  });
});
