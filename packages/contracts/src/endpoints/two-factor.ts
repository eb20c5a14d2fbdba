import { z } from 'zod';
import { sessionUserSchema } from '../schemas/auth.ts';
import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../schemas/two-factor.ts';
import {
  adminOnly,
  type EndpointPolicy,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
  PUBLIC_ACTION,
} from './define.ts';

// Two-factor sign-in of staff (decision 053). Its own endpoints are for every staff role (with the
// roles of decision 052: owner, admin, order handler, content editor) and stay open to a staff account
// that must still set it up (`beforeTwoFactor`): that is all such an account may do.

const tags = ['Akun'];
// 'dashboard' is the permission every staff role holds.
const STAFF_SETUP = { ...adminOnly('dashboard'), beforeTwoFactor: true } as const satisfies EndpointPolicy;
const tooMany = errorAnswer('Terlalu banyak percobaan kode');

export const status = endpoint({
  method: 'get',
  path: '/auth/two-factor',
  tags,
  summary: 'Status verifikasi dua langkah akun staf ini',
  policy: STAFF_SETUP,
  responses: { 200: jsonAnswer(twoFactorStatusSchema, 'Status') },
});

export const setup = endpoint({
  method: 'post',
  path: '/auth/two-factor/setup',
  tags,
  summary: 'Mulai memasang verifikasi dua langkah: rahasia baru (QR dan teks), berlaku setelah dikonfirmasi',
  policy: STAFF_SETUP,
  responses: {
    200: jsonAnswer(twoFactorSetupSchema, 'Rahasia untuk aplikasi autentikator'),
    409: errorAnswer('Verifikasi dua langkah sudah aktif'),
  },
});

export const enable = endpoint({
  method: 'post',
  path: '/auth/two-factor/enable',
  tags,
  summary:
    'Aktifkan verifikasi dua langkah dengan kode dari aplikasi; jawabannya kode pemulihan (sekali tampil)',
  policy: STAFF_SETUP,
  request: { body: jsonBody(twoFactorEnableSchema) },
  example: { body: { code: '123456' } },
  responses: {
    200: jsonAnswer(recoveryCodesSchema, 'Kode pemulihan'),
    400: errorAnswer('Kode salah'),
    409: errorAnswer('Belum dimulai atau sudah aktif'),
    429: tooMany,
  },
});

export const disable = endpoint({
  method: 'post',
  path: '/auth/two-factor/disable',
  tags,
  summary: 'Matikan verifikasi dua langkah (password dan kode)',
  policy: STAFF_SETUP,
  request: { body: jsonBody(twoFactorDisableSchema) },
  example: { body: { currentPassword: 'rahasia123', code: '123456' } },
  responses: {
    200: okAnswer,
    400: errorAnswer('Password atau kode salah'),
    409: errorAnswer('Verifikasi dua langkah tidak aktif'),
    429: tooMany,
  },
});

export const recoveryCodes = endpoint({
  method: 'post',
  path: '/auth/two-factor/recovery-codes',
  tags,
  summary:
    'Buat kode pemulihan baru (password dan kode, seperti mematikan); kode lama tidak berlaku, kode baru sekali tampil',
  policy: STAFF_SETUP,
  request: { body: jsonBody(twoFactorDisableSchema) },
  example: { body: { currentPassword: 'rahasia123', code: '123456' } },
  responses: {
    200: jsonAnswer(recoveryCodesSchema, 'Kode pemulihan baru'),
    400: errorAnswer('Password atau kode salah'),
    409: errorAnswer('Verifikasi dua langkah tidak aktif'),
    429: tooMany,
  },
});

export const login = endpoint({
  method: 'post',
  path: '/auth/login/two-factor',
  tags,
  summary: 'Langkah kedua login staf: kode aplikasi autentikator atau kode pemulihan',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(twoFactorCodeSchema) },
  example: { body: { code: '123456' } },
  responses: {
    200: jsonAnswer(z.object({ user: sessionUserSchema }), 'Pengguna yang masuk'),
    400: invalidAnswer,
    401: errorAnswer('Kode salah, atau langkah pertama login sudah kedaluwarsa'),
    429: tooMany,
  },
});
