import { expect, it } from 'vitest';
import { code128, code128Symbols } from './code128.ts';

// 104 + 48×1 + 42×2 + 42×3 + 17×4 + 18×5 + 19×6 + 35×7 = 879, and 879 mod 103 = 55.
it('encodes code set B with the mod-103 checksum (PJJ123C checks to 55)', () => {
  expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  // Every symbol is 11 modules, the stop 13.
  expect(code128('PJJ123C').modules).toBe(9 * 11 + 13);
  expect(() => code128('Résumé')).toThrow();
});
