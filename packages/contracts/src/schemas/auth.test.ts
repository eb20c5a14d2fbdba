import { expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { newPasswordSchema, registerSchema } from './auth.ts';

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
