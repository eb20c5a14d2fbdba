import { expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { checkoutSchema } from './orders.ts';

const customer = { customerName: 'Ani', customerEmail: 'ani@contoh.id', customerAddress: 'Jl. Mawar 1' };
const phoneError = (customerPhone: string) => {
  const result = checkoutSchema.safeParse({ ...customer, customerPhone });
  return result.success ? undefined : fieldErrors(result.error).customerPhone;
};

it('takes Indonesian mobile and landline numbers as people write them, and keeps them as written', () => {
  for (const phone of [
    '0812-3456-7890',
    '081234567890',
    '+62 812-3456-7890',
    '+6281234567890',
    '6281234567890',
    '0812 3456 7890',
    '(021) 555-1234',
    '021.5551234',
  ]) {
    expect(phoneError(phone), phone).toBeUndefined();
  }
  expect(checkoutSchema.parse({ ...customer, customerPhone: ' +62 812-3456-7890 ' }).customerPhone).toBe(
    '+62 812-3456-7890',
  );
  expect(checkoutSchema.parse({ ...customer, customerPhone: '' }).customerPhone).toBeNull();
});

it("refuses what is not a phone number with 'Nomor telepon tidak valid'", () => {
  for (const phone of [
    '123',
    '----',
    '+',
    '0812-3456-78x',
    '1812345678',
    '08123456789012345',
    '62 0812 3456',
  ]) {
    expect(phoneError(phone), phone).toBe('Nomor telepon tidak valid');
  }
});
