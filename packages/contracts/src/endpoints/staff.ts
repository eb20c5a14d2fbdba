import { z } from 'zod';
import {
  staffAcceptSchema,
  staffInviteInputSchema,
  staffInviteSchema,
  staffListQuerySchema,
  staffListSchema,
  staffMemberSchema,
  staffRoleInputSchema,
} from '../schemas/staff.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  PUBLIC_ACTION,
} from './define.ts';

// The staff (decision 052): only the owner manages them; the invitee accepts without an account.

const tags = ['Staf'];
const missing = errorAnswer('Akun staf tidak ditemukan');
const own = errorAnswer('Akun Anda sendiri tidak dapat diubah di sini');

export const list = endpoint({
  method: 'get',
  path: '/admin/staff',
  tags,
  summary: 'Staf toko (satu halaman) dan undangan yang belum diterima',
  policy: adminOnly('staff'),
  request: { query: staffListQuerySchema },
  example: { query: { page: '1', pageSize: '25' } },
  responses: { 200: jsonAnswer(staffListSchema, 'Staf dan undangan'), 400: invalidAnswer },
});

export const invite = endpoint({
  method: 'post',
  path: '/admin/staff/invites',
  tags,
  summary: 'Undang staf lewat email: tautan bertanda tangan, berlaku 7 hari',
  policy: adminOnly('staff'),
  request: { body: jsonBody(staffInviteInputSchema) },
  example: { body: { email: 'staf.baru@contoh.id', role: 'order_handler' } },
  responses: {
    201: jsonAnswer(staffInviteSchema, 'Undangan terkirim'),
    400: invalidAnswer,
    409: errorAnswer('Email sudah memiliki akun'),
  },
});

const inviteMissing = errorAnswer('Undangan tidak ditemukan atau sudah diterima');

export const revokeInvite = endpoint({
  method: 'delete',
  path: '/admin/staff/invites/{id}',
  tags,
  summary: 'Batalkan undangan yang belum diterima: tautannya tidak berlaku lagi',
  policy: adminOnly('staff'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.spareStaffInvite } },
  responses: { 204: { description: 'Undangan dibatalkan' }, 400: invalidAnswer, 404: inviteMissing },
});

export const resendInvite = endpoint({
  method: 'post',
  path: '/admin/staff/invites/{id}/resend',
  tags,
  summary: 'Kirim ulang undangan: tautan baru berlaku 7 hari, tautan lama tidak berlaku lagi',
  policy: adminOnly('staff'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.staffInvite } },
  responses: {
    201: jsonAnswer(staffInviteSchema, 'Undangan baru terkirim'),
    400: invalidAnswer,
    404: inviteMissing,
    409: errorAnswer('Email sudah memiliki akun'),
  },
});

export const setRole = endpoint({
  method: 'patch',
  path: '/admin/staff/{id}',
  tags,
  summary: 'Ubah peran staf; berlaku pada permintaan berikutnya',
  policy: adminOnly('staff'),
  request: { params: idParam, body: jsonBody(staffRoleInputSchema) },
  example: { params: { id: EXAMPLE_IDS.staff }, body: { role: 'content_editor' } },
  responses: {
    200: jsonAnswer(staffMemberSchema, 'Staf'),
    400: invalidAnswer,
    404: missing,
    409: own,
  },
});

export const disable = endpoint({
  method: 'post',
  path: '/admin/staff/{id}/disable',
  tags,
  summary: 'Nonaktifkan akun staf: semua sesinya berakhir saat itu juga',
  policy: adminOnly('staff'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.staff } },
  responses: { 200: jsonAnswer(staffMemberSchema, 'Staf'), 400: invalidAnswer, 404: missing, 409: own },
});

export const enable = endpoint({
  method: 'post',
  path: '/admin/staff/{id}/enable',
  tags,
  summary: 'Aktifkan kembali akun staf yang dinonaktifkan: ia masuk lagi dengan password dan perannya',
  policy: adminOnly('staff'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.staff } },
  responses: { 200: jsonAnswer(staffMemberSchema, 'Staf'), 400: invalidAnswer, 404: missing, 409: own },
});

export const accept = endpoint({
  method: 'post',
  path: '/auth/staff-invite',
  tags,
  summary: 'Terima undangan staf: nama dan password sendiri; lalu masuk seperti biasa',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(staffAcceptSchema) },
  example: {
    body: {
      token: 'tautan-undangan-yang-tidak-berlaku',
      name: 'Staf Baru',
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
    },
  },
  responses: {
    201: jsonAnswer(z.object({ email: z.string() }), 'Akun staf dibuat'),
    400: invalidAnswer,
    409: errorAnswer('Email sudah memiliki akun'),
    410: errorAnswer('Undangan sudah dibatalkan atau diganti dengan undangan baru'),
  },
});
