import {
  emailChangeLanding,
  emailTokenSchema,
  isStaff,
  NOT_SIGNED_IN,
  type SessionUser,
  TWO_FACTOR_REQUIRED,
} from '@gi/contracts';
import { auth, twoFactor } from '@gi/contracts/endpoints';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import {
  clearSessionCookies,
  clearTwoFactorCookie,
  REFRESH_COOKIE,
  setSessionCookies,
  setTwoFactorCookie,
  TWO_FACTOR_COOKIE,
} from '../auth/cookies.ts';
import { decoyHash, verifyPassword } from '../auth/password.ts';
import {
  endSession,
  loadSessionUser,
  loadSigningInUser,
  rotateSession,
  startSession,
} from '../auth/sessions.ts';
import { signTwoFactorPendingToken, verifyTwoFactorPendingToken } from '../auth/tokens.ts';
import { type Db, getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { type Hit, type Policy, policies, refund, reset, take, tryTake } from '../lib/throttle.ts';
import { challengeOn, remoteIpOf, requireChallenge } from '../lib/turnstile.ts';
import { currentUser } from '../middleware/session.ts';
import {
  changePassword,
  confirmEmailChange,
  findUser,
  findUserByEmail,
  queuePasswordReset,
  queueSignInLink,
  registerCustomer,
  resetPassword,
  spendSignInLink,
  undoEmailChange,
  updateProfile,
} from '../services/auth.ts';
import { checkSecondFactor, hasTwoFactor, WRONG_CODE } from '../services/two-factor.ts';
import { countCode } from './two-factor.ts';

const WRONG_CREDENTIALS = 'Email atau password salah';
const WRONG_CURRENT_PASSWORD = 'Password saat ini salah';
const CURRENT_PASSWORD_NEEDED = 'Masukkan password saat ini untuk mengganti email';
const ACCOUNT_DISABLED = 'Akun ini telah dinonaktifkan oleh pemilik toko. Hubungi pemilik toko.';
const SIGN_IN_BY_EMAIL =
  'Akun ini sedang menerima banyak percobaan login yang salah. Demi keamanan, jika password Anda benar, kami telah mengirim tautan masuk ke email akun ini: buka tautan itu untuk masuk.';

/**
 * Starts a session for the user (login, register, a sign-in link) and sets its cookies on `c`'s
 * response. A staff account the owner disabled starts none (decision 052).
 */
async function beginSession(c: Context<AppEnv>, db: Db, userId: string): Promise<SessionUser> {
  const found = await loadSigningInUser(db, userId);
  if (!found) throw new AppError(401, 'invalid_credentials', WRONG_CREDENTIALS);
  if (found.disabled) throw new AppError(403, 'account_disabled', ACCOUNT_DISABLED);
  const sessionUser = found.user;
  const issued = await startSession(db, sessionUser, c.env.JWT_SECRET);
  setSessionCookies(c, issued.access, issued.refresh);
  return issued.user;
}

const CODE_NEXT = 'Masukkan kode verifikasi dari aplikasi autentikator Anda di halaman Login Admin.';
const CODE_STEP_EXPIRED = 'Langkah login sudah kedaluwarsa. Masukkan email dan password lagi.';

/**
 * The end of a sign-in whose proof so far is the password (or a mailed link): a session, unless
 * the account has two-factor (decision 053). Then the browser gets the pending step's cookie and
 * the caller its `true`: the code comes next, at POST /api/auth/login/two-factor.
 */
async function holdForSecondFactor(c: Context<AppEnv>, db: Db, userId: string): Promise<boolean> {
  if (!(await hasTwoFactor(db, userId))) return false;
  // A disabled account is refused here, before it is asked for (and spends) a code.
  if ((await loadSigningInUser(db, userId))?.disabled) {
    throw new AppError(403, 'account_disabled', ACCOUNT_DISABLED);
  }
  setTwoFactorCookie(c, await signTwoFactorPendingToken(userId, c.env.JWT_SECRET));
  return true;
}

/** Mails a one-time sign-in link to the account's own address, at most `signInLinkEmail` an hour. */
async function mailSignInLink(c: Context<AppEnv>, userId: string, email: string) {
  if (!(await tryTake(c.env.DB, [{ policy: policies.signInLinkEmail, subject: email }]))) return;
  await queueSignInLink(getDb(c.env.DB), c.env, userId, email);
  drainOutboxSoon(c.env, c.executionCtx);
}

/**
 * The login's counters for `email` from this request's address (decision 024): what a wrong
 * password costs, at the login and wherever else a password is checked.
 */
function loginHits(c: Context<AppEnv>, email: string) {
  const ip = clientIp(c.req.raw);
  return {
    pair: { policy: policies.loginPair, subject: `${email}|${ip}` } satisfies Hit,
    client: { policy: policies.loginClient, subject: ip } satisfies Hit,
    account: { policy: policies.loginAccount, subject: email } satisfies Hit,
  };
}

/**
 * What a stranger's request that mails or makes an account must pass (decision 036): while
 * Turnstile is on, a passed challenge, which costs a bot every request, and the network's limit
 * (`policy`) then refuses no one: a carrier NAT's many honest customers share it. Off, the
 * network's limit, counted with the request's others (the hits answered).
 */
async function strangerHits(c: Context<AppEnv>, token: string | undefined, policy: Policy): Promise<Hit[]> {
  if (!challengeOn(c.env)) return [{ policy, subject: clientIp(c.req.raw) }];
  await requireChallenge(c.env, { token, remoteIp: remoteIpOf(c.req.raw) });
  return [];
}

/**
 * The signed-in owner's current password, for a password or email change. A wrong one costs what
 * a wrong one at the login costs (the same counters), so a session left open is no way to guess
 * it. The account's cap is counted, not checked: strangers' guesses at the login must not lock the
 * owner's own session out (issue 38); the session's guesses have their own limit.
 */
async function checkCurrentPassword(
  c: Context<AppEnv>,
  user: { id: string; email: string; passwordHash: string },
  password: string,
): Promise<void> {
  const { pair, client, account } = loginHits(c, user.email);
  const owner: Hit = { policy: policies.passwordChangeUser, subject: user.id };
  // Counted before the password is checked, so parallel guesses cannot all get through.
  await take(c.env.DB, [pair, client, owner], 'too_many_attempts');
  if (!(await verifyPassword(password, user.passwordHash))) {
    await tryTake(c.env.DB, [account]);
    throw new AppError(400, 'wrong_password', WRONG_CURRENT_PASSWORD, {
      currentPassword: WRONG_CURRENT_PASSWORD,
    });
  }
  await Promise.all([reset(c.env.DB, [pair]), refund(c.env.DB, [client, owner])]);
}

/** GET /api/auth/session's answer; renewed session cookies go on `c`'s response. */
async function readSession(c: Context<AppEnv>): Promise<{ user: SessionUser | null }> {
  const db = getDb(c.env.DB);
  const current = await currentUser(c);
  if (current) return { user: await loadSessionUser(db, current.userId) };
  const refresh = getCookie(c, REFRESH_COOKIE);
  if (!refresh) return { user: null };
  const result = await rotateSession(db, refresh, c.env.JWT_SECRET);
  if (!result.ok) {
    clearSessionCookies(c);
    return { user: null };
  }
  setSessionCookies(c, result.session.access, result.session.refresh);
  return { user: result.session.user };
}

export const authRoutes = createRouter()
  .openapi(defineEndpoint(auth.register), async (c) => {
    const input = c.req.valid('json');
    const network = await strangerHits(c, input.turnstileToken, policies.registerClient);
    if (network.length > 0) await take(c.env.DB, network);
    const db = getDb(c.env.DB);
    const id = await registerCustomer(db, input);
    // Signed in at once, with the login's own session start (issue 29).
    return c.json({ user: await beginSession(c, db, id) }, 201);
  })

  /**
   * Failures are counted per account and address, per address and per account (decision 024).
   * Past the account's cap a password gets one answer, right or wrong, and a right one a
   * sign-in link to the account's inbox: guessing learns nothing, the owner is not locked out.
   */
  .openapi(defineEndpoint(auth.login), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const { pair, client, account } = loginHits(c, email);
    // Counted before the password is checked, so parallel guesses cannot all get through.
    await take(c.env.DB, [pair, client], 'too_many_attempts');
    const guarded = !(await tryTake(c.env.DB, [account]));
    const user = await findUserByEmail(db, email);
    // Unknown email costs a hash too, and answers exactly like a wrong password.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (guarded) {
      // Nothing is given back either: a count that fell would tell the password was right.
      if (user && valid) {
        c.executionCtx.waitUntil(
          mailSignInLink(c, user.id, email).catch((err: Error) =>
            console.error(JSON.stringify({ event: 'sign_in_link_failed', message: err.message })),
          ),
        );
      }
      throw new AppError(401, 'sign_in_by_email', SIGN_IN_BY_EMAIL);
    }
    if (!user || !valid) throw new AppError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    // Only failures count: the pair starts over, the shared limits get this attempt back.
    await Promise.all([reset(c.env.DB, [pair]), refund(c.env.DB, [client, account])]);
    if (await holdForSecondFactor(c, db, user.id)) throw new AppError(401, TWO_FACTOR_REQUIRED, CODE_NEXT);
    return c.json({ user: await beginSession(c, db, user.id) }, 200);
  })

  /**
   * The second step of a staff sign-in with two-factor (decision 053): the app's code or a
   * recovery code, for the account whose password opened the step. Codes are counted per account
   * (the one throttle) before they are checked; a right one starts the count over.
   */
  .openapi(defineEndpoint(twoFactor.login), async (c) => {
    const pending = getCookie(c, TWO_FACTOR_COOKIE);
    const userId = pending && (await verifyTwoFactorPendingToken(pending, c.env.JWT_SECRET));
    if (!userId) throw new AppError(401, 'two_factor_expired', CODE_STEP_EXPIRED);
    const hit = await countCode(c, userId);
    const db = getDb(c.env.DB);
    if (!(await checkSecondFactor(db, c.env.JWT_SECRET, userId, c.req.valid('json').code))) {
      throw new AppError(401, 'wrong_code', WRONG_CODE, { code: WRONG_CODE });
    }
    await reset(c.env.DB, [hit]);
    clearTwoFactorCookie(c);
    return c.json({ user: await beginSession(c, db, userId) }, 200);
  })

  /** The link of the sign-in mail: signs this browser in, then opens the shop (the admin: its dashboard). */
  .openapi(defineEndpoint(auth.loginLink), async (c) => {
    const db = getDb(c.env.DB);
    const userId = await spendSignInLink(db, c.req.valid('query').token);
    if (!userId) throw new AppError(400, 'invalid_token', 'Tautan masuk tidak valid atau sudah kedaluwarsa');
    // A link stands for the password only: an account with two-factor enters its code next.
    if (await holdForSecondFactor(c, db, userId)) return c.redirect('/admin/login?langkah=kode', 303);
    const user = await beginSession(c, db, userId);
    return c.redirect(isStaff(user.role) ? '/admin' : '/', 303);
  })

  .openapi(defineEndpoint(auth.refresh), async (c) => {
    const refresh = getCookie(c, REFRESH_COOKIE);
    if (!refresh) throw new AppError(401, 'unauthorized', 'Sesi berakhir, silakan login kembali');
    const result = await rotateSession(getDb(c.env.DB), refresh, c.env.JWT_SECRET);
    if (!result.ok) {
      clearSessionCookies(c);
      throw new AppError(
        401,
        result.reused ? 'session_revoked' : 'unauthorized',
        'Sesi berakhir, silakan login kembali',
      );
    }
    setSessionCookies(c, result.session.access, result.session.refresh);
    return c.json({ user: result.session.user }, 200);
  })

  /** Ends this sign-in at once: its access token stops working too (decision 004). */
  .openapi(defineEndpoint(auth.logout), async (c) => {
    await endSession(getDb(c.env.DB), getCookie(c, REFRESH_COOKIE), c.get('claims')?.sid);
    clearSessionCookies(c);
    return c.json({ ok: true as const }, 200);
  })

  /** The current user, or null; renews an expired access token from the refresh cookie. */
  .openapi(defineEndpoint(auth.session), async (c) => c.json(await readSession(c), 200))

  /**
   * Name and phone change at once; a new email needs the current password (checked and counted as
   * the password change does) and waits for a link sent to that address, while the old address
   * gets a link that undoes it. All or nothing.
   */
  .openapi(defineEndpoint(auth.profile), async (c) => {
    const { name, email, phone, currentPassword } = c.req.valid('json');
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const current = await findUser(db, userId);
    if (!current) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    const newEmail = email === current.email.toLowerCase() ? null : email;
    if (newEmail) {
      if (!currentPassword) {
        throw new AppError(400, 'invalid_input', CURRENT_PASSWORD_NEEDED, {
          currentPassword: CURRENT_PASSWORD_NEEDED,
        });
      }
      await checkCurrentPassword(c, current, currentPassword);
      await take(c.env.DB, [
        { policy: policies.emailChangeTarget, subject: newEmail },
        { policy: policies.emailChangeUser, subject: userId },
        { policy: policies.emailChangeClient, subject: clientIp(c.req.raw) },
      ]);
    }
    await updateProfile(db, c.env, userId, { name, phone, newEmail, oldEmail: current.email });
    if (newEmail) drainOutboxSoon(c.env, c.executionCtx);
    const user = await loadSessionUser(db, userId);
    if (!user) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    return c.json({ user }, 200);
  })

  /**
   * The link in the confirmation email: switches the address. Whatever happened, the browser lands
   * on the account page, which says it in words (a link opened twice or too late is no raw error).
   */
  .openapi(defineEndpoint(auth.emailConfirm), async (c) => {
    const query = emailTokenSchema.safeParse(c.req.query());
    const outcome = query.success
      ? await confirmEmailChange(getDb(c.env.DB), query.data.token)
      : 'kedaluwarsa';
    return c.redirect(emailChangeLanding(outcome), 303);
  })

  /** The undo link mailed to the old address; like the confirmation, it lands on the account page. */
  .openapi(defineEndpoint(auth.emailUndo), async (c) => {
    const query = emailTokenSchema.safeParse(c.req.query());
    const outcome = query.success ? await undoEmailChange(getDb(c.env.DB), query.data.token) : 'kedaluwarsa';
    return c.redirect(emailChangeLanding(outcome), 303);
  })

  /**
   * A signed-in user's new password, after the current one (`checkCurrentPassword`). The other
   * sign-ins of the account end; this one stays.
   */
  .openapi(defineEndpoint(auth.passwordChange), async (c) => {
    const { currentPassword, password } = c.req.valid('json');
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const user = await findUser(db, userId);
    if (!user) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    await checkCurrentPassword(c, user, currentPassword);
    await changePassword(db, userId, password, c.get('claims')?.sid);
    return c.json(
      { message: 'Password berhasil diganti. Perangkat lain yang masuk ke akun ini telah dikeluarkan.' },
      200,
    );
  })

  /**
   * Always the same answer, and before the lookup (the link is made after answering),
   * so neither the text nor the time tells which emails have accounts.
   */
  .openapi(defineEndpoint(auth.passwordForgot), async (c) => {
    const { email, turnstileToken } = c.req.valid('json');
    // One inbox gets few links whoever asks, challenge or not.
    await take(c.env.DB, [
      { policy: policies.forgotEmail, subject: email },
      ...(await strangerHits(c, turnstileToken, policies.forgotClient)),
    ]);
    const sendLink = async () => {
      if (await queuePasswordReset(getDb(c.env.DB), c.env, email)) drainOutboxSoon(c.env, c.executionCtx);
    };
    c.executionCtx.waitUntil(
      sendLink().catch((err: Error) =>
        console.error(JSON.stringify({ event: 'password_reset_link_failed', message: err.message })),
      ),
    );
    return c.json({ message: 'Jika email terdaftar, tautan atur ulang password telah dikirim.' }, 200);
  })

  .openapi(defineEndpoint(auth.passwordReset), async (c) => {
    const { token, password } = c.req.valid('json');
    await resetPassword(getDb(c.env.DB), token, password);
    return c.json({ message: 'Password berhasil diperbarui. Silakan login.' }, 200);
  });
