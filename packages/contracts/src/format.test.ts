import { expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupiah, shortOrderId } from './format.ts';

it('formats integer rupiah the Indonesian way without decimals', () => {
  expect(formatRupiah(250000)).toBe('Rp 250.000');
  expect(formatRupiah(1599000)).toBe('Rp 1.599.000');
  expect(formatRupiah(0)).toBe('Rp 0');
});

it('formats order dates with day, month, year, hour and minute in id-ID (WIB)', () => {
  expect(formatDateTime('2026-11-21T03:05:00.000Z')).toBe('21 November 2026 pukul 10.05');
  expect(formatDate('2026-11-21T03:05:00.000Z')).toBe('21 November 2026');
  expect(shortOrderId('3f2a9c1e-7b5d-4e11-9a00-1234567890ab')).toBe('3f2a9c1e');
});
