import { type TwoFactorDisableInput, twoFactorRequiredFor } from '@gi/contracts';
import { twoFactor } from '@gi/contracts/endpoints';
import type { Context } from 'hono';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { verifyPassword } from '../auth/password.ts';
import { getDb } from '../db/client.ts';
import type { AppEnv, AuthState } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { type Hit, policies, reset, take } from '../lib/throttle.ts';
import { findUser } from '../services/auth.ts';
import {
  checkSecondFactor,
  enableTwoFactor,
  hasTwoFactor,
  removeTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorState,
  WRONG_CODE,
} from '../services/two-factor.ts';

const WRONG_PASSWORD = 'Password saat ini salah';

/** The signed-in staff account: the endpoints' guard let only staff through. */
const staff = (c: Context<AppEnv>) => c.get('auth') as AuthState;

/**
 * The account's one code counter (the sign-in's, turning on and off): counted before a code is
 * checked; the caller resets it after a right one.
 */
export async function countCode(c: Context<AppEnv>, userId: string): Promise<Hit> {
  const hit: Hit = { policy: policies.twoFactorAccount, subject: userId };
  await take(c.env.DB, [hit], 'too_many_attempts');
  return hit;
}

/**
 * The proof asked before two-factor is dropped or its recovery codes replaced: the password and a
 * current code (or a recovery code), so a session left open is not enough. The code counter's
 * hit, for the caller to reset once the change is made.
 */
async function confirmAccount(c: Context<AppEnv>, input: TwoFactorDisableInput): Promise<Hit> {
  const { userId } = staff(c);
  const db = getDb(c.env.DB);
  if (!(await hasTwoFactor(db, userId))) {
    throw new AppError(409, 'two_factor_disabled', 'Verifikasi dua langkah belum aktif');
  }
  const hit = await countCode(c, userId);
  const user = await findUser(db, userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError(400, 'wrong_password', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  }
  if (!(await checkSecondFactor(db, c.env.JWT_SECRET, userId, input.code))) {
    throw new AppError(400, 'wrong_code', WRONG_CODE, { code: WRONG_CODE });
  }
  return hit;
}

/** Setting up and turning off two-factor from the admin's profile (decision 053). */
export const twoFactorRoutes = createRouter()
  .openapi(defineEndpoint(twoFactor.status), async (c) => {
    const { userId, role } = staff(c);
    const state = await twoFactorState(getDb(c.env.DB), userId);
    const required = c.env.TWO_FACTOR_REQUIRED === 'true' && twoFactorRequiredFor(role);
    return c.json({ ...state, required }, 200);
  })

  .openapi(defineEndpoint(twoFactor.setup), async (c) => {
    const { userId } = staff(c);
    const db = getDb(c.env.DB);
    const user = await findUser(db, userId);
    if (!user) throw new AppError(401, 'unauthorized', 'Sesi berakhir, silakan login kembali');
    return c.json(await startTwoFactorSetup(db, c.env.JWT_SECRET, user), 200);
  })

  .openapi(defineEndpoint(twoFactor.enable), async (c) => {
    const { userId } = staff(c);
    const hit = await countCode(c, userId);
    const recoveryCodes = await enableTwoFactor(
      getDb(c.env.DB),
      c.env.JWT_SECRET,
      userId,
      c.req.valid('json').code,
    );
    await reset(c.env.DB, [hit]);
    return c.json({ recoveryCodes }, 200);
  })

  .openapi(defineEndpoint(twoFactor.disable), async (c) => {
    const hit = await confirmAccount(c, c.req.valid('json'));
    await Promise.all([removeTwoFactor(getDb(c.env.DB), staff(c).userId), reset(c.env.DB, [hit])]);
    return c.json({ ok: true as const }, 200);
  })

  /** New recovery codes with two-factor kept on: the same proof as turning it off. */
  .openapi(defineEndpoint(twoFactor.recoveryCodes), async (c) => {
    const hit = await confirmAccount(c, c.req.valid('json'));
    const [recoveryCodes] = await Promise.all([
      renewRecoveryCodes(getDb(c.env.DB), staff(c).userId),
      reset(c.env.DB, [hit]),
    ]);
    return c.json({ recoveryCodes }, 200);
  });
