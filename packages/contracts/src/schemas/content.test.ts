import { expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { contactMessageSchema } from './content.ts';

const message = { name: 'Ani', subject: 'Stok', message: 'Apakah Oud Royale tersedia?' };
const emailError = (email: string) => {
  const result = contactMessageSchema.safeParse({ ...message, email });
  return result.success ? undefined : fieldErrors(result.error).email;
};

it('asks for a missing contact email, and says when one is not valid', () => {
  expect(emailError('')).toBe('Email harus diisi');
  expect(emailError('   ')).toBe('Email harus diisi');
  expect(emailError('ani@')).toBe('Email tidak valid');
  expect(emailError('ani@contoh.id')).toBeUndefined();
});
