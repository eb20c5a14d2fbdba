import { describe, expect, it } from 'vitest';
import { formatEta } from '../format.ts';
import { checkoutSchema } from './orders.ts';
import { phoneSchema, postalCodeFitsProvince, shippingConfigInputSchema } from './shipping.ts';

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

describe('the delivery address (issue 29: weak input passed)', () => {
  const address = {
    customerName: 'Siti Aminah',
    customerPhone: '0812-3456-7890',
    provinceCode: '32',
    regencyCode: '32.73',
    districtCode: '32.73.01',
    postalCode: '40132',
    customerAddress: 'Jl. Melati No. 7',
    customerEmail: 'siti@contoh.id',
  };
  const messages = (input: Partial<typeof address>) =>
    checkoutSchema.safeParse({ ...address, ...input }).error?.issues.map((i) => `${i.path}: ${i.message}`);

  it('takes a real address', () => {
    expect(messages({})).toBeUndefined();
  });

  it("refuses a one-letter recipient, an address 'x' and postal code 00000", () => {
    expect(messages({ customerName: 'S' })).toEqual(['customerName: Nama penerima minimal 3 karakter']);
    expect(messages({ customerAddress: 'x' })).toEqual([
      'customerAddress: Alamat minimal 10 karakter: nama jalan dan nomor rumah',
    ]);
    expect(messages({ postalCode: '00000' })).toEqual(['postalCode: Kode pos tidak valid']);
  });

  it("refuses a postal code of another region than the province's", () => {
    expect(messages({ postalCode: '60111' })).toEqual([
      'postalCode: Kode pos tidak sesuai dengan provinsi yang dipilih',
    ]);
    // West Java and Banten reach into region 1 (Bogor, Bekasi, Tangerang).
    expect(postalCodeFitsProvince('16111', '32')).toBe(true);
    expect(postalCodeFitsProvince('15111', '36')).toBe(true);
    expect(postalCodeFitsProvince('10110', '31')).toBe(true);
    expect(postalCodeFitsProvince('40132', '31')).toBe(false);
    expect(postalCodeFitsProvince('99351', '96')).toBe(true);
    expect(postalCodeFitsProvince('80361', '51')).toBe(true);
  });
});
