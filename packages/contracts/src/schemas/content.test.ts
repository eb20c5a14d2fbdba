import { expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { contactMessageSchema, siteSettingsPatchSchema } from './content.ts';

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

it("takes the shop's WhatsApp only as an Indonesian mobile number, or none", () => {
  const whatsappError = (contactWhatsapp: string) => {
    const result = siteSettingsPatchSchema.safeParse({ contactWhatsapp });
    return result.success ? undefined : fieldErrors(result.error).contactWhatsapp;
  };
  const refused = 'Nomor WhatsApp harus nomor ponsel Indonesia (08…, +628… atau 628…)';
  for (const mobile of ['0812-3456-7890', '+62 812 3456 7890', '6281234567890', '']) {
    expect(whatsappError(mobile)).toBeUndefined();
  }
  for (const other of ['+62 21 7250 8800', '(021) 7250-8800', '0812', 'WA 0812-3456-7890']) {
    expect(whatsappError(other)).toBe(refused);
  }
});
