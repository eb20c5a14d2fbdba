import { expect, it } from 'vitest';
import { formatRupiah } from './format.ts';

it('formats integer rupiah the Indonesian way without decimals', () => {
  expect(formatRupiah(250000)).toBe('Rp 250.000');
  expect(formatRupiah(1599000)).toBe('Rp 1.599.000');
  expect(formatRupiah(0)).toBe('Rp 0');
});
