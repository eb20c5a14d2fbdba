import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { remoteNames } from '../../contracts/src/remote-table.ts';

const root = new URL('../../../', import.meta.url).pathname;
const source = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
const names = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter(Boolean);

const exported = [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((m) => names(m[1] ?? ''));

/** Every name the shop's code imports from @gi/platform. */
function imported(): Set<string> {
  const folders = [
    'shell/src',
    'packages/ui/src',
    'packages/session/src',
    ...remoteNames.map((r) => `mfe-${r}/src`),
  ];
  const used = new Set<string>();
  for (const folder of folders)
    for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = readFileSync(join(root, folder, file), 'utf8');
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@gi\/platform'/g))
        for (const name of names(m[1] ?? '')) used.add(name);
    }
  return used;
}

it('re-exports only, with no code of its own (code here made remotes bundle a fallback copy)', () => {
  const code = source.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/export\s*\{[^}]*\}\s*from\s*'[^']+';/g, '');
  expect(code.trim()).toBe('');
});

it('exports only what the shop imports: federation cannot tree-shake a shared package, every visitor pays for the rest', () => {
  const used = imported();
  expect(exported.filter((name) => !used.has(name))).toEqual([]);
});
