import { z } from 'zod';
import type { Role } from './roles.ts';

// Two-factor sign-in of staff (issue 42, decision 053): TOTP codes from an authenticator app, and
// single-use recovery codes.

/** The roles that must have two-factor where the environment asks for it (TWO_FACTOR_REQUIRED). */
const TWO_FACTOR_ROLES: readonly Role[] = ['owner', 'admin'];
export const twoFactorRequiredFor = (role: Role): boolean => TWO_FACTOR_ROLES.includes(role);

/** The 403 of a staff account that must set up two-factor before anything else. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';
/** The login's 401 when the password was right and the account's code is next. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Kode verifikasi berisi 6 angka');

/** Confirms the authenticator app shows the codes of the secret just set up. */
export const twoFactorEnableSchema = z.object({ code: totpCode });

/** The sign-in's second step: the app's 6 digits, or one recovery code ('xxxxx-xxxxx'). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Masukkan kode verifikasi atau kode pemulihan')
    .max(20, 'Kode verifikasi atau kode pemulihan tidak valid'),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/**
 * Turning two-factor off, or making new recovery codes, takes the password and a current code (or a
 * recovery code).
 */
export const twoFactorDisableSchema = z.object({
  currentPassword: z.string().min(1, 'Password saat ini wajib diisi').max(200),
  code: twoFactorCodeSchema.shape.code,
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether this account may use nothing else until two-factor is on (the environment and its role). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A secret being set up: shown once, as a QR code and as text, until a code confirms it. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
