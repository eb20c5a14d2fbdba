import { z } from 'zod';
import { roleSchema } from './roles.ts';
import { phoneSchema } from './shipping.ts';
import { lineText } from './text.ts';

/** product.md §5 messages, shared by the forms and the API. */
export const messages = {
  emailInvalid: 'Email tidak valid',
  passwordMin: 'Password minimal 6 karakter',
  nameMin: 'Nama minimal 2 karakter',
  passwordMismatch: 'Password tidak sama',
} as const;

const email = z.string().trim().toLowerCase().max(254, messages.emailInvalid).email(messages.emailInvalid);
/** An address as every form takes it: trimmed, lower-case, 'Email tidak valid' (product.md §5). */
export const emailSchema = email;
const password = z.string().min(6, messages.passwordMin).max(200, 'Password maksimal 200 karakter');
/** A person's name, as registering takes it. */
export const personNameSchema = lineText().min(2, messages.nameMin).max(120, 'Nama maksimal 120 karakter');

/**
 * The Turnstile widget's token (decision 036), in the JSON body of a request that needs the
 * security check: registering, a reset link, a checkout from a network past its unpaid limit.
 * Turnstile's tokens have up to 2048 characters.
 */
export const turnstileTokenSchema = z
  .string()
  .min(1, 'Selesaikan verifikasi keamanan terlebih dahulu')
  .max(2048, 'Verifikasi keamanan tidak valid. Ulangi verifikasinya.');

/**
 * POST /api/auth/login, and the admin's login form (product.md §5: email and password
 * required). Any non-empty password: the length rule is for new passwords.
 */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email harus diisi').max(254, messages.emailInvalid),
  password: z.string().min(1, 'Password harus diisi').max(200, 'Password maksimal 200 karakter'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The customer's login form: the same fields under product.md §5's rules for it (a valid email, 6+ characters). */
export const customerLoginSchema = loginSchema.extend({ email, password });

export const confirmed = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
export const mismatch = { message: messages.passwordMismatch, path: ['confirmPassword'] };

export const registerSchema = z
  .object({
    name: personNameSchema,
    email,
    password,
    confirmPassword: z.string().min(6, messages.passwordMin),
    turnstileToken: turnstileTokenSchema.optional(),
    // The marketing consent's checkbox (decision 050): the form sends 'on' when ticked.
    marketingConsent: z.preprocess((value) => value === 'on' || value, z.boolean()).optional(),
  })
  .refine(confirmed, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

const currentPassword = z
  .string()
  .min(1, 'Password saat ini harus diisi')
  .max(200, 'Password maksimal 200 karakter');

/**
 * PATCH /api/auth/profile. The phone is optional (the admin's profile form has none): left out it
 * stays as it is, empty it is removed, else an Indonesian number stored as '+62…'. A new email
 * needs the account's current password (issue 38): the API refuses it without one.
 */
export const profileUpdateSchema = z.object({
  name: personNameSchema,
  email,
  phone: z
    .preprocess((value: string | null) => (value === '' ? null : value), phoneSchema.nullable())
    .optional(),
  currentPassword: currentPassword.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** The account page's 'Ganti Email': the new address and the current password. */
export const emailChangeSchema = profileUpdateSchema.extend({ currentPassword });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const forgotPasswordSchema = z.object({ email, turnstileToken: turnstileTokenSchema.optional() });
export const resetPasswordSchema = z.object({ token: z.string().min(16).max(200), password });
/** The new password twice, under the same rules as registering. */
export const newPasswordFields = { password, confirmPassword: z.string() };
/** The reset page's form. */
export const newPasswordSchema = z.object(newPasswordFields).refine(confirmed, mismatch);
/**
 * POST /api/auth/password/change and the account page's form: the current password (any, as at
 * login), then the new one twice under the rules of registering.
 */
export const changePasswordSchema = z
  .object({ currentPassword, ...newPasswordFields })
  .refine(confirmed, mismatch);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const emailTokenSchema = z.object({ token: z.string().min(16).max(200) });

/** What the API tells the browser about the signed-in user. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** A new address waiting for confirmation from its inbox, if any. */
  pendingEmail: z.string().nullable(),
  /** The account's own phone ('+62…'), if given on the account page. */
  phone: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The email-change link (GET /api/auth/email/confirm) and the undo link mailed to the old address
 * (GET /api/auth/email/undo) end on the account page with `?email=<outcome>`, which says what happened.
 */
export const emailChangeOutcomes = {
  dikonfirmasi: 'Email Anda berhasil diganti. Gunakan email baru untuk login berikutnya.',
  kedaluwarsa:
    'Tautan konfirmasi email ini sudah dipakai atau sudah kedaluwarsa. Jika email Anda belum berganti, ajukan penggantian lagi untuk mendapat tautan baru.',
  dipakai: 'Email tersebut sudah digunakan akun lain, sehingga email Anda tidak diganti.',
  dibatalkan:
    'Penggantian email dibatalkan: akun ini tetap memakai email lamanya, dan semua perangkat yang masuk ke akun ini telah dikeluarkan. Masuk lagi, lalu ganti password Anda jika Anda tidak meminta penggantian itu.',
} as const;
export type EmailChangeOutcome = keyof typeof emailChangeOutcomes;
export const emailChangeLanding = (outcome: EmailChangeOutcome) => `/account?email=${outcome}`;
