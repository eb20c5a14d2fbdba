import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { seal, unseal } from '../auth/seal.ts';
import { sha256 } from '../auth/tokens.ts';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from '../auth/totp.ts';
import type { Db } from '../db/client.ts';
import { twoFactorRecoveryCodes, userTwoFactor } from '../db/schema.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';

// Two-factor sign-in of staff (decision 053): the sealed TOTP secret and the recovery codes'
// hashes in D1. The secret leaves the Worker once, when it is set up; the throttles stay with the routes.

/** What the secret is sealed for (auth/seal.ts): its own key, derived from JWT_SECRET. */
const SEAL_PURPOSE = 'totp-secret';
const ISSUER = 'PT. Global Imperium';
const RECOVERY_CODES = 10;
export const WRONG_CODE = 'Kode verifikasi salah atau sudah dipakai';

/** 10 lowercase base32 characters (50 bits) as 'xxxxx-xxxxx': easy to copy from paper. */
function newRecoveryCode(): string {
  const text = base32Encode(crypto.getRandomValues(new Uint8Array(7)))
    .slice(0, 10)
    .toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A recovery code as typed (spaces, a dash, capitals) to its stored hash. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

/** Whether two-factor is on, and how many recovery codes are left: one round trip. */
export async function twoFactorState(db: Db, userId: string) {
  const [[row], [left]] = await db.batch([
    db
      .select({ enabledAt: userTwoFactor.enabledAt })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, userId)),
    db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt))),
  ]);
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: left?.n ?? 0 };
}

/** Whether the account signs in with a code after its password: two-factor is on. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .get();
  return Boolean(row);
}

/**
 * A new secret for the account, replacing one set up and never confirmed; 409 while two-factor
 * is on (turning it off comes first). The secret and its otpauth:// URI, for this answer only.
 */
export async function startTwoFactorSetup(db: Db, key: string, user: { id: string; email: string }) {
  const secret = newTotpSecret();
  const sealed = await seal(secret, key, SEAL_PURPOSE);
  const row = await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretSealed: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed: sealed, lastStep: 0 },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId })
    .get();
  if (!row) throw new AppError(409, 'two_factor_enabled', 'Verifikasi dua langkah sudah aktif');
  return { secret, uri: otpauthUri(secret, user.email, ISSUER) };
}

/**
 * The step of `code` for the account's secret (enabled or, with `pending`, still being set up),
 * spent at once: the statement takes it only past the last step accepted, so a code is good once
 * even for two requests at the same moment. Null when wrong or used.
 */
async function spendTotp(db: Db, key: string, userId: string, code: string, pending: boolean) {
  const row = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).get();
  if (!row || Boolean(row.enabledAt) === pending) return null;
  // Sealed under a JWT_SECRET since rotated: no app code matches (recovery codes still do).
  const secret = await unseal(row.secretSealed, key, SEAL_PURPOSE).catch(() => null);
  if (secret === null) return null;
  const step = await matchingStep(secret, code, Date.now());
  if (step === null) return null;
  const spent = await db
    .update(userTwoFactor)
    .set({ lastStep: step, ...(pending ? { enabledAt: new Date().toISOString() } : {}) })
    .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.lastStep, step)))
    .returning({ userId: userTwoFactor.userId })
    .get();
  return spent ? step : null;
}

/**
 * Turns two-factor on with a code of the secret being set up; the account's new recovery codes
 * (the old ones end), shown this once. 400 for a wrong code, 409 when nothing is being set up.
 */
export async function enableTwoFactor(db: Db, key: string, userId: string, code: string): Promise<string[]> {
  const row = await db
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .get();
  if (!row || row.enabledAt) {
    throw new AppError(
      409,
      'two_factor_not_pending',
      row ? 'Verifikasi dua langkah sudah aktif' : 'Mulai pemasangan verifikasi dua langkah terlebih dahulu',
    );
  }
  if ((await spendTotp(db, key, userId, code, true)) === null) {
    throw new AppError(400, 'wrong_code', WRONG_CODE, { code: WRONG_CODE });
  }
  return replaceRecoveryCodes(db, userId, 'two_factor_on');
}

/**
 * Ten new recovery codes for the account, the old ones ending in the same batch, with the audit
 * row of `action` (the owner sees who guards their account, decision 054; the codes stay out).
 * The codes, for the one answer that shows them.
 */
async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  action: 'two_factor_on' | 'recovery_codes_new',
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(recoveryHash));
  await db.batch([
    db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)),
    db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
    auditRow(db, { actorId: userId, entityType: 'staff', entityId: userId, action }),
  ]);
  return codes;
}

/**
 * New recovery codes while two-factor stays on (the old ones, used or not, end): after the caller
 * confirmed the account as turning it off does (password and a code).
 */
export function renewRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  return replaceRecoveryCodes(db, userId, 'recovery_codes_new');
}

/**
 * Whether `code` is the account's second factor now: a TOTP code not used before, or one of its
 * recovery codes, which is spent. Only for an account with two-factor on.
 */
export async function checkSecondFactor(db: Db, key: string, userId: string, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) return (await spendTotp(db, key, userId, code, false)) !== null;
  const spent = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, await recoveryHash(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId })
    .get();
  return Boolean(spent);
}

/** Turns two-factor off: the secret and the recovery codes are gone, and the audit trail says so. */
export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.batch([
    db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)),
    db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    auditRow(db, {
      actorId: userId,
      entityType: 'staff',
      entityId: userId,
      action: 'two_factor_off',
      when: AFTER_A_CHANGE,
    }),
  ]);
}
