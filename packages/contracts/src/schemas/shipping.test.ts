import { describe, expect, it } from 'vitest';
import { formatEta } from '../format.ts';
import { phoneSchema, shippingConfigInputSchema } from './shipping.ts';

describe('phoneSchema', () => {
  it.each([
    ['0812-3456-7890', '+6281234567890'],
    ['+62 812 3456 7890', '+6281234567890'],
    ['62812.3456.7890', '+6281234567890'],
    ['6281234567890', '+6281234567890'],
    [' (021) 555-1234 ', '+62215551234'],
    ['021.5551234', '+62215551234'],
    ['0812 3456 7890', '+6281234567890'],
  ])('stores %s as %s', (input, e164) => {
    expect(phoneSchema.parse(input)).toBe(e164);
  });

  it.each([
    '',
    '12345',
    '+1 202 555 0100',
    '0812',
    '08123456789012345',
    '0812-3456-789O',
    '+62 0812 3456 7890',
    '----',
    '+',
    '1812345678',
    '0812-3456-78x',
  ])('refuses %j in Indonesian', (input) => {
    const result = phoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Nomor telepon (tidak valid|harus diisi|maksimal)/);
  });
});

describe('shippingConfigInputSchema', () => {
  it('refuses an area listed in two zones', () => {
    const service = { name: 'Reguler', baseFee: 10_000, etaMinDays: 1, etaMaxDays: 2 };
    const zone = { name: 'A', areaCodes: ['32'], services: [service] };
    const result = shippingConfigInputSchema.safeParse({ zones: [zone, { ...zone, name: 'B' }] });
    expect(result.error?.issues[0]?.message).toBe('Wilayah ini sudah masuk zona lain');
  });
});

it('formats a delivery estimate', () => {
  expect(formatEta(1, 2)).toBe('1–2 hari kerja');
  expect(formatEta(1, 1)).toBe('1 hari kerja');
});
