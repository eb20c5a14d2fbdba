import { z } from 'zod';
import {
  changePasswordSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserSchema,
} from '../schemas/auth.ts';
import {
  CUSTOMER,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
  PUBLIC_ACTION,
} from './define.ts';

const tags = ['Akun'];
const signedIn = jsonAnswer(z.object({ user: sessionUserSchema }), 'Pengguna yang masuk');
const message = jsonAnswer(z.object({ message: z.string() }), 'Pesan untuk pengguna');
const tooMany = errorAnswer('Terlalu banyak percobaan');
/** Decision 036: while Turnstile is on, these need its token (`turnstileToken`). */
const challenge = errorAnswer(
  'Verifikasi keamanan diperlukan (challenge_required) atau gagal (challenge_failed)',
);
/** A staff account the owner disabled (decision 052) starts no session. */
const disabled = errorAnswer('Akun dinonaktifkan pemilik toko');
const challengeDown = errorAnswer('Verifikasi keamanan sedang tidak dapat diperiksa');

export const register = endpoint({
  method: 'post',
  path: '/auth/register',
  tags,
  summary: 'Daftar akun pelanggan; langsung masuk',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(registerSchema) },
  example: {
    body: {
      name: 'Nama Uji',
      email: 'baru@contoh.id',
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
    },
  },
  responses: {
    201: signedIn,
    400: invalidAnswer,
    403: challenge,
    409: errorAnswer('Email sudah terdaftar'),
    429: tooMany,
    503: challengeDown,
  },
});

export const login = endpoint({
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Masuk dengan email dan password (sesi di cookie)',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(loginSchema) },
  example: { body: { email: EXAMPLE_IDS.customerEmail, password: 'salah-sekali' } },
  responses: {
    200: signedIn,
    400: invalidAnswer,
    401: errorAnswer(
      'Email atau password salah; two_factor_required: password benar, kode verifikasi dua langkah berikutnya',
    ),
    403: disabled,
    429: tooMany,
  },
});

export const loginLink = endpoint({
  method: 'get',
  path: '/auth/login/link',
  tags,
  summary: 'Tautan masuk dari email: masuk, lalu membuka toko (admin: dasbor)',
  policy: PUBLIC_ACTION,
  request: { query: emailTokenSchema },
  example: { query: { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  responses: {
    303: { description: 'Masuk; ke toko atau dasbor' },
    400: errorAnswer('Tautan tidak valid'),
    403: disabled,
  },
});

export const refresh = endpoint({
  method: 'post',
  path: '/auth/refresh',
  tags,
  summary: 'Perbarui sesi dari cookie refresh',
  policy: PUBLIC_ACTION,
  responses: { 200: signedIn, 401: errorAnswer('Sesi berakhir') },
});

export const logout = endpoint({
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Keluar: sesi ini berakhir saat itu juga',
  policy: PUBLIC_ACTION,
  responses: { 200: okAnswer },
});

export const session = endpoint({
  method: 'get',
  path: '/auth/session',
  tags,
  summary: 'Pengguna yang masuk, atau null; memperbarui sesi yang kedaluwarsa',
  policy: PUBLIC_ACTION,
  responses: { 200: jsonAnswer(z.object({ user: sessionUserSchema.nullable() }), 'Sesi') },
});

export const profile = endpoint({
  method: 'patch',
  path: '/auth/profile',
  tags,
  summary:
    'Ubah nama dan telepon; email baru (dengan password saat ini) menunggu tautan konfirmasi, email lama diberi tautan pembatalan',
  policy: CUSTOMER,
  request: { body: jsonBody(profileUpdateSchema) },
  example: { body: { name: 'Nama Baru', email: EXAMPLE_IDS.customerEmail, phone: '0812-3456-7890' } },
  responses: { 200: signedIn, 400: invalidAnswer, 409: errorAnswer('Email sudah digunakan'), 429: tooMany },
});

/** No query in the definition: a missing or bad token lands on the account page too, not on a 400. */
export const emailConfirm = endpoint({
  method: 'get',
  path: '/auth/email/confirm',
  tags,
  summary: 'Tautan konfirmasi email baru (?token=): selalu ke halaman akun, yang menjelaskan hasilnya',
  policy: PUBLIC_ACTION,
  example: { query: { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  responses: { 303: { description: 'Ke /account?email=dikonfirmasi, kedaluwarsa atau dipakai' } },
});

/** The undo link mailed to the old address of an email change: like emailConfirm, always the account page. */
export const emailUndo = endpoint({
  method: 'get',
  path: '/auth/email/undo',
  tags,
  summary:
    'Tautan pembatalan ganti email (?token=): email lama dipakai lagi, penggantian yang menunggu batal, semua sesi berakhir',
  policy: PUBLIC_ACTION,
  example: { query: { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  responses: { 303: { description: 'Ke /account?email=dibatalkan, kedaluwarsa atau dipakai' } },
});

export const passwordChange = endpoint({
  method: 'post',
  path: '/auth/password/change',
  tags,
  summary: 'Ganti password; perangkat lain dikeluarkan',
  policy: CUSTOMER,
  request: { body: jsonBody(changePasswordSchema) },
  example: { body: { currentPassword: 'rahasia123', password: 'rahasia123', confirmPassword: 'rahasia123' } },
  responses: {
    200: message,
    400: errorAnswer('Data tidak valid atau password saat ini salah'),
    429: tooMany,
  },
});

export const passwordForgot = endpoint({
  method: 'post',
  path: '/auth/password/forgot',
  tags,
  summary: 'Kirim tautan atur ulang password (jawaban sama untuk email apa pun)',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(forgotPasswordSchema) },
  example: { body: { email: EXAMPLE_IDS.customerEmail } },
  responses: { 200: message, 400: invalidAnswer, 403: challenge, 429: tooMany, 503: challengeDown },
});

export const passwordReset = endpoint({
  method: 'post',
  path: '/auth/password/reset',
  tags,
  summary: 'Password baru dari tautan atur ulang',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(resetPasswordSchema) },
  example: { body: { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', password: 'rahasia123' } },
  responses: { 200: message, 400: errorAnswer('Data atau tautan tidak valid') },
});
