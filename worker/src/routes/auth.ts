import {
  changePasswordSchema,
  type EmailChangeOutcome,
  emailChangeLanding,
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  type SessionUser,
  sessionUserSchema,
} from '@gi/contracts';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
} from '../api/endpoint.ts';
import { CUSTOMER, type Policy } from '../api/policy.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../auth/cookies.ts';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password.ts';
import {
  endSession,
  loadSessionUser,
  revokeAllSessions,
  rotateSession,
  startSession,
} from '../auth/sessions.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { type Db, getDb } from '../db/client.ts';
import { emailTokens, profiles, users } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { drainOutboxSoon, queueEmail } from '../lib/outbox.ts';
import { type Hit, policies, refund, reset, take, tryTake } from '../lib/throttle.ts';
import { currentUser, NOT_SIGNED_IN } from '../middleware/session.ts';

const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
const WRONG_CREDENTIALS = 'Email atau password salah';
const WRONG_CURRENT_PASSWORD = 'Password saat ini salah';
const SIGN_IN_BY_EMAIL =
  'Akun ini sedang menerima banyak percobaan login yang salah. Demi keamanan, jika password Anda benar, kami telah mengirim tautan masuk ke email akun ini: buka tautan itu untuk masuk.';

async function emailTaken(db: Db, email: string, exceptUserId?: string) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .get();
  return Boolean(row);
}

/**
 * Spends an emailed link's token: the statement that checks it is unused and unexpired
 * marks it used, so a link opened twice at the same moment works once. Its row, or undefined.
 */
async function spendToken(db: Db, token: string, purpose: (typeof emailTokens.$inferSelect)['purpose']) {
  const now = new Date().toISOString();
  return db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning()
    .get();
}

/** Starts a session for the user (login, register, a sign-in link) and sets its cookies on `c`'s response. */
async function beginSession(c: Context<AppEnv>, db: Db, userId: string): Promise<SessionUser> {
  const sessionUser = await loadSessionUser(db, userId);
  if (!sessionUser) throw new AppError(401, 'invalid_credentials', WRONG_CREDENTIALS);
  const issued = await startSession(db, sessionUser, c.env.JWT_SECRET);
  setSessionCookies(c, issued.access, issued.refresh);
  return issued.user;
}

/** Queues a one-time sign-in link to the account's own address, at most `signInLinkEmail` an hour. */
async function mailSignInLink(c: Context<AppEnv>, userId: string, email: string) {
  if (!(await tryTake(c.env.DB, [{ policy: policies.signInLinkEmail, subject: email }]))) return;
  const db = getDb(c.env.DB);
  const token = randomToken();
  await db.batch([
    db.insert(emailTokens).values({
      tokenHash: await sha256(token),
      userId,
      purpose: 'sign_in',
      expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS).toISOString(),
    }),
    queueEmail(db, c.env, { to: email, template: 'sign-in-link', data: { token } }),
  ]);
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

/** GET /api/auth/session's answer; renewed session cookies go on `c`'s response. */
async function readSession(c: Context<AppEnv>): Promise<{ user: SessionUser | null }> {
  const db = getDb(c.env.DB);
  const auth = await currentUser(c);
  if (auth) return { user: await loadSessionUser(db, auth.userId) };
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

const tags = ['Akun'];
const PUBLIC: Policy = { access: 'public', cache: 'private', d1: 'primary' };
const signedIn = jsonAnswer(z.object({ user: sessionUserSchema }), 'Pengguna yang masuk');
const message = jsonAnswer(z.object({ message: z.string() }), 'Pesan untuk pengguna');
const tooMany = errorAnswer('Terlalu banyak percobaan');

const register = defineEndpoint({
  method: 'post',
  path: '/register',
  tags,
  summary: 'Daftar akun pelanggan; langsung masuk',
  policy: PUBLIC,
  request: { body: jsonBody(registerSchema) },
  responses: { 201: signedIn, 400: invalidAnswer, 409: errorAnswer('Email sudah terdaftar'), 429: tooMany },
});
const login = defineEndpoint({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Masuk dengan email dan password (sesi di cookie)',
  policy: PUBLIC,
  request: { body: jsonBody(loginSchema) },
  responses: {
    200: signedIn,
    400: invalidAnswer,
    401: errorAnswer('Email atau password salah'),
    429: tooMany,
  },
});
const loginLink = defineEndpoint({
  method: 'get',
  path: '/login/link',
  tags,
  summary: 'Tautan masuk dari email: masuk, lalu membuka toko (admin: dasbor)',
  policy: PUBLIC,
  request: { query: emailTokenSchema },
  responses: { 303: { description: 'Masuk; ke toko atau dasbor' }, 400: errorAnswer('Tautan tidak valid') },
});
const refreshSession = defineEndpoint({
  method: 'post',
  path: '/refresh',
  tags,
  summary: 'Perbarui sesi dari cookie refresh',
  policy: PUBLIC,
  responses: { 200: signedIn, 401: errorAnswer('Sesi berakhir') },
});
const logout = defineEndpoint({
  method: 'post',
  path: '/logout',
  tags,
  summary: 'Keluar: sesi ini berakhir saat itu juga',
  policy: PUBLIC,
  responses: { 200: okAnswer },
});
const session = defineEndpoint({
  method: 'get',
  path: '/session',
  tags,
  summary: 'Pengguna yang masuk, atau null; memperbarui sesi yang kedaluwarsa',
  policy: PUBLIC,
  responses: { 200: jsonAnswer(z.object({ user: sessionUserSchema.nullable() }), 'Sesi') },
});
const profile = defineEndpoint({
  method: 'patch',
  path: '/profile',
  tags,
  summary: 'Ubah nama dan telepon; email baru menunggu tautan konfirmasi',
  policy: CUSTOMER,
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: signedIn, 400: invalidAnswer, 409: errorAnswer('Email sudah digunakan'), 429: tooMany },
});
const emailConfirm = defineEndpoint({
  method: 'get',
  path: '/email/confirm',
  tags,
  summary: 'Tautan konfirmasi email baru (?token=): selalu ke halaman akun, yang menjelaskan hasilnya',
  policy: PUBLIC,
  responses: { 303: { description: 'Ke /account?email=dikonfirmasi, kedaluwarsa atau dipakai' } },
});
const passwordChange = defineEndpoint({
  method: 'post',
  path: '/password/change',
  tags,
  summary: 'Ganti password; perangkat lain dikeluarkan',
  policy: CUSTOMER,
  request: { body: jsonBody(changePasswordSchema) },
  responses: {
    200: message,
    400: errorAnswer('Data tidak valid atau password saat ini salah'),
    429: tooMany,
  },
});
const passwordForgot = defineEndpoint({
  method: 'post',
  path: '/password/forgot',
  tags,
  summary: 'Kirim tautan atur ulang password (jawaban sama untuk email apa pun)',
  policy: PUBLIC,
  request: { body: jsonBody(forgotPasswordSchema) },
  responses: { 200: message, 400: invalidAnswer, 429: tooMany },
});
const passwordReset = defineEndpoint({
  method: 'post',
  path: '/password/reset',
  tags,
  summary: 'Password baru dari tautan atur ulang',
  policy: PUBLIC,
  request: { body: jsonBody(resetPasswordSchema) },
  responses: { 200: message, 400: errorAnswer('Data atau tautan tidak valid') },
});

export const authRoutes = createRouter()
  .openapi(register, async (c) => {
    const { name, email, password } = c.req.valid('json');
    await take(c.env.DB, [{ policy: policies.registerClient, subject: clientIp(c.req.raw) }]);
    const db = getDb(c.env.DB);
    if (await emailTaken(db, email)) {
      throw new AppError(409, 'email_taken', 'Email sudah terdaftar', { email: 'Email sudah terdaftar' });
    }
    const id = crypto.randomUUID();
    const passwordHash = await hashPassword(password);
    try {
      await db.batch([
        db.insert(users).values({ id, email, passwordHash }),
        db.insert(profiles).values({ id, name, email, role: 'customer' }),
      ]);
    } catch (err) {
      // A twin request registered the same email between the check and the insert.
      if (isConstraintError(err, 'UNIQUE constraint failed: users.email')) {
        throw new AppError(409, 'email_taken', 'Email sudah terdaftar', { email: 'Email sudah terdaftar' });
      }
      throw err;
    }
    // Signed in at once, with the login's own session start (issue 29).
    return c.json({ user: await beginSession(c, db, id) }, 201);
  })

  /**
   * Failures are counted per account and address, per address and per account (decision 024).
   * Past the account's cap a password gets one answer, right or wrong, and a right one a
   * sign-in link to the account's inbox: guessing learns nothing, the owner is not locked out.
   */
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const { pair, client, account } = loginHits(c, email);
    // Counted before the password is checked, so parallel guesses cannot all get through.
    await take(c.env.DB, [pair, client], 'too_many_attempts');
    const guarded = !(await tryTake(c.env.DB, [account]));
    const user = await db.select().from(users).where(eq(users.email, email)).get();
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
    return c.json({ user: await beginSession(c, db, user.id) }, 200);
  })

  /** The link of the sign-in mail: signs this browser in, then opens the shop (the admin: its dashboard). */
  .openapi(loginLink, async (c) => {
    const db = getDb(c.env.DB);
    const row = await spendToken(db, c.req.valid('query').token, 'sign_in');
    if (!row) throw new AppError(400, 'invalid_token', 'Tautan masuk tidak valid atau sudah kedaluwarsa');
    const user = await beginSession(c, db, row.userId);
    return c.redirect(user.role === 'admin' ? '/admin' : '/', 303);
  })

  .openapi(refreshSession, async (c) => {
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
  .openapi(logout, async (c) => {
    await endSession(getDb(c.env.DB), getCookie(c, REFRESH_COOKIE), c.get('claims')?.sid);
    clearSessionCookies(c);
    return c.json({ ok: true as const }, 200);
  })

  /** The current user, or null; renews an expired access token from the refresh cookie. */
  .openapi(session, async (c) => c.json(await readSession(c), 200))

  /** Name and phone change at once; a new email waits for a link sent to that address. All or nothing. */
  .openapi(profile, async (c) => {
    const { name, email, phone } = c.req.valid('json');
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const current = await loadSessionUser(db, userId);
    if (!current) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    // Left out (the admin's form has no phone), the phone stays as it is.
    const rename = db.update(profiles).set({ name, phone }).where(eq(profiles.id, userId));
    if (email === current.email.toLowerCase()) {
      await rename;
    } else {
      await take(c.env.DB, [
        { policy: policies.emailChangeTarget, subject: email },
        { policy: policies.emailChangeUser, subject: userId },
        { policy: policies.emailChangeClient, subject: clientIp(c.req.raw) },
      ]);
      if (await emailTaken(db, email, userId)) {
        throw new AppError(409, 'email_taken', 'Email sudah digunakan akun lain', {
          email: 'Email sudah digunakan akun lain',
        });
      }
      const token = randomToken();
      await db.batch([
        rename,
        // A newer request replaces any link still pending.
        db
          .update(emailTokens)
          .set({ usedAt: new Date().toISOString() })
          .where(
            and(
              eq(emailTokens.userId, userId),
              eq(emailTokens.purpose, 'email_change'),
              isNull(emailTokens.usedAt),
            ),
          ),
        db.insert(emailTokens).values({
          tokenHash: await sha256(token),
          userId,
          purpose: 'email_change',
          newEmail: email,
          expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS).toISOString(),
        }),
        queueEmail(db, c.env, { to: email, template: 'email-change', data: { token } }),
      ]);
      drainOutboxSoon(c.env, c.executionCtx);
    }
    const user = await loadSessionUser(db, userId);
    if (!user) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    return c.json({ user }, 200);
  })

  /**
   * The link in the confirmation email: switches the address. Whatever happened, the browser lands
   * on the account page, which says it in words (a link opened twice or too late is no raw error).
   */
  .openapi(emailConfirm, async (c) => {
    const landing = (outcome: EmailChangeOutcome) => c.redirect(emailChangeLanding(outcome), 303);
    const query = emailTokenSchema.safeParse(c.req.query());
    const db = getDb(c.env.DB);
    const row = query.success ? await spendToken(db, query.data.token, 'email_change') : undefined;
    if (!row?.newEmail) return landing('kedaluwarsa');
    try {
      await db.batch([
        db.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId)),
        db.update(profiles).set({ email: row.newEmail }).where(eq(profiles.id, row.userId)),
      ]);
    } catch (err) {
      // Another account took the address since the link was sent, or confirms it at this moment.
      if (isConstraintError(err, 'UNIQUE constraint failed: users.email')) return landing('dipakai');
      throw err;
    }
    return landing('dikonfirmasi');
  })

  /**
   * A signed-in user's new password. A wrong current password costs what a wrong one at the login
   * costs (the same counters), so a session left open is no way to guess it. The other sign-ins
   * of the account end; this one stays.
   */
  .openapi(passwordChange, async (c) => {
    const { currentPassword, password } = c.req.valid('json');
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const user = await db.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
    const { pair, client, account } = loginHits(c, user.email);
    // Counted before the password is checked, so parallel guesses cannot all get through.
    await take(c.env.DB, [pair, client, account], 'too_many_attempts');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new AppError(400, 'wrong_password', WRONG_CURRENT_PASSWORD, {
        currentPassword: WRONG_CURRENT_PASSWORD,
      });
    }
    await Promise.all([reset(c.env.DB, [pair]), refund(c.env.DB, [client, account])]);
    await db.batch([
      db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, userId)),
      revokeAllSessions(db, userId, c.get('claims')?.sid),
      // Links mailed under the old password (a reset, a sign-in) stop working too.
      db
        .update(emailTokens)
        .set({ usedAt: new Date().toISOString() })
        .where(
          and(
            eq(emailTokens.userId, userId),
            inArray(emailTokens.purpose, ['password_reset', 'sign_in']),
            isNull(emailTokens.usedAt),
          ),
        ),
    ]);
    return c.json(
      { message: 'Password berhasil diganti. Perangkat lain yang masuk ke akun ini telah dikeluarkan.' },
      200,
    );
  })

  /**
   * Always the same answer, and before the lookup (the link is made after answering),
   * so neither the text nor the time tells which emails have accounts.
   */
  .openapi(passwordForgot, async (c) => {
    const { email } = c.req.valid('json');
    await take(c.env.DB, [
      { policy: policies.forgotEmail, subject: email },
      { policy: policies.forgotClient, subject: clientIp(c.req.raw) },
    ]);
    const db = getDb(c.env.DB);
    const sendLink = async () => {
      const user = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      if (!user) return;
      const token = randomToken();
      await db.batch([
        db.insert(emailTokens).values({
          tokenHash: await sha256(token),
          userId: user.id,
          purpose: 'password_reset',
          expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS).toISOString(),
        }),
        queueEmail(db, c.env, { to: email, template: 'password-reset', data: { token } }),
      ]);
      drainOutboxSoon(c.env, c.executionCtx);
    };
    c.executionCtx.waitUntil(
      sendLink().catch((err: Error) =>
        console.error(JSON.stringify({ event: 'password_reset_link_failed', message: err.message })),
      ),
    );
    return c.json({ message: 'Jika email terdaftar, tautan atur ulang password telah dikirim.' }, 200);
  })

  .openapi(passwordReset, async (c) => {
    const { token, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const row = await spendToken(db, token, 'password_reset');
    if (!row)
      throw new AppError(400, 'invalid_token', 'Tautan atur ulang tidak valid atau sudah kedaluwarsa');
    await db.batch([
      db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, row.userId)),
      // Every other link still open for the account stops working too.
      db
        .update(emailTokens)
        .set({ usedAt: row.usedAt })
        .where(
          and(
            eq(emailTokens.userId, row.userId),
            eq(emailTokens.purpose, 'password_reset'),
            isNull(emailTokens.usedAt),
          ),
        ),
    ]);
    // Every session signed in with the old password ends.
    await revokeAllSessions(db, row.userId);
    return c.json({ message: 'Password berhasil diperbarui. Silakan login.' }, 200);
  });
