import {
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  type SessionUser,
} from '@gi/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
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
import { type Hit, policies, refund, reset, take } from '../lib/throttle.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/session.ts';

const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const WRONG_CREDENTIALS = 'Email atau password salah';

async function emailTaken(db: Db, email: string, exceptUserId?: string) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .get();
  return Boolean(row);
}

/** An emailed link's token that is unused and unexpired, for its one purpose. */
async function findLiveToken(db: Db, token: string, purpose: 'email_change' | 'password_reset', now: string) {
  return db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .get();
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

export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
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
    return c.json({ user: await loadSessionUser(db, id) }, 201);
  })

  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const ip = clientIp(c.req.raw);
    const pair: Hit = { policy: policies.loginPair, subject: `${email}|${ip}` };
    const others: Hit[] = [
      { policy: policies.loginClient, subject: ip },
      { policy: policies.loginAccount, subject: email },
    ];
    // Counted before the password is checked, so parallel guesses cannot all get through.
    await take(c.env.DB, [pair, ...others], 'too_many_attempts');
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    // Unknown email costs a hash too, and answers exactly like a wrong password.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) throw new AppError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    // Only failures count: the pair starts over, the shared limits get this attempt back.
    await Promise.all([reset(c.env.DB, [pair]), refund(c.env.DB, others)]);
    const sessionUser = await loadSessionUser(db, user.id);
    if (!sessionUser) throw new AppError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    const issued = await startSession(db, sessionUser, c.env.JWT_SECRET);
    setSessionCookies(c, issued.access, issued.refresh);
    return c.json({ user: issued.user });
  })

  .post('/refresh', async (c) => {
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
    return c.json({ user: result.session.user });
  })

  /** Ends this sign-in at once: its access token stops working too (decision 004). */
  .post('/logout', async (c) => {
    await endSession(getDb(c.env.DB), getCookie(c, REFRESH_COOKIE), c.get('claims')?.sid);
    clearSessionCookies(c);
    return c.json({ ok: true });
  })

  /** The current user, or null; renews an expired access token from the refresh cookie. */
  .get('/session', async (c) => c.json(await readSession(c)))

  /** Name changes at once; a new email waits for a link sent to that address. All or nothing. */
  .patch('/profile', requireUser, validate('json', profileUpdateSchema), async (c) => {
    const { name, email } = c.req.valid('json');
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const current = await loadSessionUser(db, userId);
    if (!current) throw new AppError(401, 'unauthorized', 'Anda harus login terlebih dahulu');
    const rename = db.update(profiles).set({ name }).where(eq(profiles.id, userId));
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
    return c.json({ user: await loadSessionUser(db, userId) });
  })

  /** The link in the confirmation email: switches the address, then opens the shop. */
  .get('/email/confirm', validate('query', emailTokenSchema), async (c) => {
    const { token } = c.req.valid('query');
    const db = getDb(c.env.DB);
    const now = new Date().toISOString();
    const row = await findLiveToken(db, token, 'email_change', now);
    if (!row?.newEmail)
      throw new AppError(400, 'invalid_token', 'Tautan konfirmasi tidak valid atau sudah kedaluwarsa');
    if (await emailTaken(db, row.newEmail, row.userId)) {
      throw new AppError(409, 'email_taken', 'Email sudah digunakan akun lain');
    }
    await db.batch([
      db.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId)),
      db.update(profiles).set({ email: row.newEmail }).where(eq(profiles.id, row.userId)),
      db.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.tokenHash, row.tokenHash)),
    ]);
    return c.redirect('/?email=dikonfirmasi', 303);
  })

  /**
   * Always the same answer, and before the lookup (the link is made after answering),
   * so neither the text nor the time tells which emails have accounts.
   */
  .post('/password/forgot', validate('json', forgotPasswordSchema), async (c) => {
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
    return c.json({ message: 'Jika email terdaftar, tautan atur ulang password telah dikirim.' });
  })

  .post('/password/reset', validate('json', resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const now = new Date().toISOString();
    const row = await findLiveToken(db, token, 'password_reset', now);
    if (!row)
      throw new AppError(400, 'invalid_token', 'Tautan atur ulang tidak valid atau sudah kedaluwarsa');
    await db.batch([
      db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, row.userId)),
      // This link and every other one still open for the account stop working.
      db
        .update(emailTokens)
        .set({ usedAt: now })
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
    return c.json({ message: 'Password berhasil diperbarui. Silakan login.' });
  });
