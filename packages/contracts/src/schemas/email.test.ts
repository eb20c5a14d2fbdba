import { expect, it } from 'vitest';
import { checkoutSchema, customerLoginSchema, loginSchema, registerSchema } from '../index.ts';

const address = {
  customerName: 'Siti Aminah',
  customerPhone: '0812-3456-7890',
  provinceCode: '31',
  regencyCode: '31.71',
  districtCode: '31.71.01',
  postalCode: '10110',
  customerAddress: 'Jl. Melati No. 1',
};

it('lower-cases an email for an order as for an account, so both name the same person', () => {
  const typed = '  Siti@Contoh.ID ';
  expect(checkoutSchema.parse({ ...address, customerEmail: typed }).customerEmail).toBe('siti@contoh.id');
  const password = 'rahasia123';
  expect(loginSchema.parse({ email: typed, password }).email).toBe('siti@contoh.id');
  expect(customerLoginSchema.parse({ email: typed, password }).email).toBe('siti@contoh.id');
  expect(
    registerSchema.parse({ name: 'Siti', email: typed, password, confirmPassword: password }).email,
  ).toBe('siti@contoh.id');
});

it("signs in with any non-empty password; the customer's form keeps product.md §5's rules", () => {
  expect(loginSchema.safeParse({ email: 'a@b.id', password: '1' }).success).toBe(true);
  const form = customerLoginSchema.safeParse({ email: 'bukan-email', password: '1' });
  expect(form.error?.issues.map((issue) => issue.message)).toEqual([
    'Email tidak valid',
    'Password minimal 6 karakter',
  ]);
});
