import { expect, it } from 'vitest';
import { code128, code128Symbols } from './code128.ts';

// 104 + 48×1 + 42×2 + 42×3 + 17×4 + 18×5 + 19×6 + 35×7 = 879, and 879 mod 103 = 55.
it('encodes code set B with the mod-103 checksum (PJJ123C checks to 55)', () => {
  expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  // Every symbol is 11 modules, the stop 13.
  expect(code128('PJJ123C').modules).toBe(9 * 11 + 13);
  expect(() => code128('Résumé')).toThrow();
});

it('draws every symbol of the table as 3 bars in 11 modules: start B 211214 first, the stop 2331112 last', () => {
  // One character: start B, the character, its checksum, stop; together values 0 to 95 and 104, 106.
  for (let code = 0x20; code <= 0x7e; code++) {
    const { bars, modules } = code128(String.fromCharCode(code));
    expect([bars.length, modules], String.fromCharCode(code)).toEqual([3 * 3 + 4, 3 * 11 + 13]);
  }
  const { bars, modules } = code128('A');
  expect(bars.slice(0, 3)).toEqual([
    { x: 0, width: 2 },
    { x: 3, width: 1 },
    { x: 6, width: 1 },
  ]);
  expect(bars.slice(-4)).toEqual([
    { x: modules - 13, width: 2 },
    { x: modules - 8, width: 3 },
    { x: modules - 4, width: 1 },
    { x: modules - 2, width: 2 },
  ]);
});
