import { fileURLToPath } from 'node:url';
import { BOOT_ELEMENT_ID } from '@gi/contracts/web';
import { expect, it } from 'vitest';
import { compileBootLoader } from './boot-loader.ts';

const shellLoader = fileURLToPath(new URL('../../../shell/src/boot/boot-loader.ts', import.meta.url));

it("compiles the shell's boot loader into one small inline script that imports and exports nothing", async () => {
  const code = await compileBootLoader(shellLoader);
  expect(code).not.toMatch(/\bimport\b|\bexport\b/);
  // The constants it shares with the Worker are compiled in; the contracts' other modules stay out.
  expect(code).toContain(BOOT_ELEMENT_ID);
  expect(code).not.toContain('Global Imperium');
  // Every server-rendered page carries it: the loader and the held presses of buttons tapped before
  // hydration (issue 37: buttons usable as soon as drawn), about 1.5 KB before compression.
  expect(code.length).toBeLessThan(1_600);
});
