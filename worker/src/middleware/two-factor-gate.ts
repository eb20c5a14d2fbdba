import { TWO_FACTOR_SETUP_REQUIRED, twoFactorRequiredFor } from '@gi/contracts';
import type { Context } from 'hono';
import { getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { hasTwoFactor } from '../services/two-factor.ts';

export const SET_UP_TWO_FACTOR_FIRST =
  'Akun Anda wajib memakai verifikasi dua langkah. Pasang dulu di menu Profil Admin, lalu coba lagi.';

/**
 * Where the environment requires it (TWO_FACTOR_REQUIRED), a signed-in owner or admin without
 * two-factor gets 403 from every endpoint but those that set it up (decision 053). Costs a D1
 * read only then; a guest, a customer or a request before any guard passes untouched.
 */
export async function requireTwoFactorSetUp(c: Context<AppEnv>): Promise<void> {
  const auth = c.get('auth');
  if (!auth || c.env.TWO_FACTOR_REQUIRED !== 'true' || !twoFactorRequiredFor(auth.role)) return;
  if (await hasTwoFactor(getDb(c.env.DB), auth.userId)) return;
  throw new AppError(403, TWO_FACTOR_SETUP_REQUIRED, SET_UP_TWO_FACTOR_FIRST);
}
