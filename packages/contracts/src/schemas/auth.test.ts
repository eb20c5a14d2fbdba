import { expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { changePasswordSchema, newPasswordSchema, profileUpdateSchema, registerSchema } from './auth.ts';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.error ? fieldErrors(result.error) : {};

it('holds a new password from the reset link to the same rules as registering', () => {
  const long = 'a'.repeat(201);
  expect(errorsOf(newPasswordSchema.safeParse({ password: long, confirmPassword: long }))).toEqual({
    password: 'Password maksimal 200 karakter',
  });
  expect(errorsOf(newPasswordSchema.safeParse({ password: '12345', confirmPassword: '12345' }))).toEqual({
    password: 'Password minimal 6 karakter',
  });
  expect(
    errorsOf(newPasswordSchema.safeParse({ password: 'rahasia1', confirmPassword: 'rahasia2' })),
  ).toEqual({
    confirmPassword: 'Password tidak sama',
  });
  const register = {
    name: 'Budi',
    email: 'budi@contoh.id',
    password: 'rahasia1',
    confirmPassword: 'rahasia2',
  };
  expect(errorsOf(registerSchema.safeParse(register))).toEqual({ confirmPassword: 'Password tidak sama' });
});

it("keeps the account's phone optional, removable and Indonesian", () => {
  const base = { name: 'Budi', email: 'budi@contoh.id' };
  expect(profileUpdateSchema.parse(base)).toEqual(base);
  expect(profileUpdateSchema.parse({ ...base, phone: '' }).phone).toBeNull();
  expect(profileUpdateSchema.parse({ ...base, phone: null }).phone).toBeNull();
  expect(profileUpdateSchema.parse({ ...base, phone: '0812-3456-7890' }).phone).toBe('+6281234567890');
  expect(errorsOf(profileUpdateSchema.safeParse({ ...base, phone: '+1 202 555 0100' }))).toEqual({
    phone: 'Nomor telepon tidak valid',
  });
});

it('asks for the current password and holds the new one to the rules of registering', () => {
  expect(
    errorsOf(
      changePasswordSchema.safeParse({ currentPassword: '', password: '123', confirmPassword: '123' }),
    ),
  ).toEqual({
    currentPassword: 'Password saat ini harus diisi',
    password: 'Password minimal 6 karakter',
  });
  expect(
    errorsOf(
      changePasswordSchema.safeParse({
        currentPassword: 'x',
        password: 'rahasia1',
        confirmPassword: 'rahasia2',
      }),
    ),
  ).toEqual({ confirmPassword: 'Password tidak sama' });
});
