import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { remoteBase, remoteBuild, remoteNames } from '@gi/contracts/remote-table';
import { expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

it('lists every remote folder of the repository, and only those', () => {
  const folders = readdirSync(root).filter(
    (name) => name.startsWith('mfe-') && existsSync(new URL(`${name}/exposes.ts`, root)),
  );
  expect(folders.sort()).toEqual(remoteNames.map((name) => `mfe-${name}`).sort());
});

it("is what every environment's REMOTES in the root wrangler.toml names, and each remote Worker's BASE", () => {
  const remotesLines = read('wrangler.toml').match(/^REMOTES = \{.*\}$/gm) ?? [];
  expect(remotesLines.length).toBeGreaterThanOrEqual(3);
  for (const line of remotesLines) {
    const names = [...line.matchAll(/(\w+) = "/g)].map((m) => m[1]);
    expect(names.sort(), line).toEqual([...remoteNames].sort());
  }
  for (const name of remoteNames) {
    const bases = [...read(`mfe-${name}/wrangler.toml`).matchAll(/^BASE = "(.*)"$/gm)].map((m) => m[1]);
    expect(bases.length, `mfe-${name}/wrangler.toml`).toBeGreaterThan(0);
    for (const base of bases) expect(base).toBe(remoteBase(name));
  }
});

it('gives each remote its own dev server port', () => {
  const ports = remoteNames.map((name) => remoteBuild(name).port);
  expect(new Set(ports).size).toBe(remoteNames.length);
  expect(ports).not.toContain(5173); // the shell's
});
