import { expect, it } from 'vitest';
import { bulkDocumentsQuerySchema, invoiceMonthPdfQuerySchema, invoiceSettingsSchema } from './documents.ts';

it('takes a real WIB day or a list of orders, never both, and refuses an impossible date', () => {
  expect(bulkDocumentsQuerySchema.safeParse({ date: '2026-11-29' }).success).toBe(true);
  expect(bulkDocumentsQuerySchema.safeParse({ ids: 'a,b' }).success).toBe(true);
  for (const date of ['2026-02-30', '2026-13-01', '0000-00-00']) {
    expect(bulkDocumentsQuerySchema.safeParse({ date }).error?.issues[0]?.message).toBe(
      'Tanggal tidak valid',
    );
  }
  expect(bulkDocumentsQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('Pilih tanggal atau pesanan');
});

it('takes a part only with a day, and a month as YYYY-MM with a real month number', () => {
  expect(bulkDocumentsQuerySchema.parse({ date: '2026-11-29', part: '2' }).part).toBe(2);
  expect(bulkDocumentsQuerySchema.safeParse({ ids: 'a,b', part: '2' }).error?.issues[0]?.message).toBe(
    'Bagian hanya untuk cetak per tanggal',
  );
  expect(
    bulkDocumentsQuerySchema.safeParse({ date: '2026-11-29', part: '1.5' }).error?.issues[0]?.message,
  ).toBe('Bagian harus berupa angka bulat');
  expect(invoiceMonthPdfQuerySchema.parse({ month: '2026-12' })).toEqual({ month: '2026-12' });
  for (const month of ['2026-00', '2026-13', '26-11', '2026-11-01']) {
    expect(invoiceMonthPdfQuerySchema.safeParse({ month }).error?.issues[0]?.message).toBe(
      'Bulan harus berformat YYYY-MM, misalnya 2026-11',
    );
  }
});

it('takes an NPWP of 15 or 16 digits with dots and dashes', () => {
  const seller = {
    companyName: 'PT. Global Imperium',
    address: 'Jl. Sudirman No. 1, Jakarta',
    tax: 'included',
  };
  expect(invoiceSettingsSchema.safeParse({ ...seller, npwp: '01.234.567.8-901.000' }).success).toBe(true);
  expect(invoiceSettingsSchema.safeParse({ ...seller, npwp: '0123456789012345' }).success).toBe(true);
  expect(invoiceSettingsSchema.safeParse({ ...seller, npwp: '1234-5678' }).error?.issues[0]?.message).toBe(
    'NPWP harus 15 atau 16 digit angka',
  );
});
