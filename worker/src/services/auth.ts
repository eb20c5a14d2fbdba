import type { EmailChangeOutcome, profileUpdateSchema, RegisterInput } from '@gi/contracts';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { type Db, nowIso } from '../db/client.ts';
import { emailTokens, profiles, users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';

// Accounts: registering, passwords, email changes and the one-time links mailed for them.
// The sessions' own rows live in auth/sessions.ts; the throttles and cookies stay with the routes.

const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** The undo link outlives the confirmation's 24 hours: the owner may read the old inbox later. */
const UNDO_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const EMAIL_REGISTERED = 'Email sudah terdaftar';
const EMAIL_IN_USE = 'Email sudah digunakan akun lain';
const USERS_EMAIL_UNIQUE = 'UNIQUE constraint failed: users.email';

type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
/** What rendering an email's links needs. */
type Mail = Pick<Env, 'PUBLIC_ORIGIN'>;

async function emailTaken(db: Db, email: string, exceptUserId?: string) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .get();
  return Boolean(row);
}

const emailRegistered = () => new AppError(409, 'email_taken', EMAIL_REGISTERED, { email: EMAIL_REGISTERED });

/** The row of a new one-time link; the mail carries `token`, D1 only its hash. */
async function linkRow(userId: string, purpose: TokenPurpose, token: string, ttlMs: number) {
  return {
    tokenHash: await sha256(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  };
}

/** The links of `purposes` the account has not used yet stop working. */
const expireLinks = (db: Db, userId: string, purposes: TokenPurpose[], usedAt = new Date().toISOString()) =>
  db
    .update(emailTokens)
    .set({ usedAt })
    .where(
      and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)),
    );

// The hash is made first: an async function returning the statement would run it (it is thenable).
const setPasswordHash = (db: Db, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, userId));

export const findUser = (db: Db, id: string) => db.select().from(users).where(eq(users.id, id)).get();

export const findUserByEmail = (db: Db, email: string) =>
  db.select().from(users).where(eq(users.email, email)).get();

/** A new customer account (409 when the email has one already); its id. */
export async function registerCustomer(
  db: Db,
  { name, email, password, marketingConsent }: RegisterInput,
): Promise<string> {
  if (await emailTaken(db, email)) throw emailRegistered();
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(password);
  try {
    await db.batch([
      db.insert(users).values({ id, email, passwordHash }),
      // The sign-up's consent checkbox (decision 050), with its time.
      db.insert(profiles).values({
        id,
        name,
        email,
        role: 'customer',
        marketingConsentAt: marketingConsent ? nowIso() : null,
      }),
    ]);
  } catch (err) {
    // A twin request registered the same email between the check and the insert.
    if (isConstraintError(err, USERS_EMAIL_UNIQUE)) throw emailRegistered();
    throw err;
  }
  return id;
}

/**
 * Spends an emailed link's token: the statement that checks it is unused and unexpired
 * marks it used, so a link opened twice at the same moment works once. Its row, or undefined.
 */
export async function spendToken(db: Db, token: string, purpose: TokenPurpose) {
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

/**
 * Spends a sign-in link and, in the same statement, every other unused sign-in link of its
 * account: one link opened ends them all (a mail read later, or by someone else, signs no one
 * in). The link's user id, or undefined when it is unknown, used or expired.
 */
export async function spendSignInLink(db: Db, token: string): Promise<string | undefined> {
  const now = new Date().toISOString();
  const hash = await sha256(token);
  const owner = db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hash),
        eq(emailTokens.purpose, 'sign_in'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    );
  const spent = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, owner), eq(emailTokens.purpose, 'sign_in'), isNull(emailTokens.usedAt)))
    .returning({ tokenHash: emailTokens.tokenHash, userId: emailTokens.userId });
  return spent.find((row) => row.tokenHash === hash)?.userId;
}

/** Queues a one-time sign-in link to the account's own address. */
export async function queueSignInLink(db: Db, env: Mail, userId: string, email: string): Promise<void> {
  const token = randomToken();
  await db.batch([
    db.insert(emailTokens).values(await linkRow(userId, 'sign_in', token, SIGN_IN_LINK_TTL_MS)),
    queueEmail(db, env, { to: email, template: 'sign-in-link', data: { token } }),
  ]);
}

/**
 * Name and phone change at once (a phone left out stays as it is); a new email (`newEmail`,
 * null when unchanged; the route checked the current password) waits for a link sent to that
 * address, replacing any still pending, and the account's current address (`oldEmail`) gets a
 * link that undoes it. All or nothing: an address another account has is a 409 and nothing changes.
 */
export async function updateProfile(
  db: Db,
  env: Mail,
  userId: string,
  {
    name,
    phone,
    newEmail,
    oldEmail,
  }: Pick<z.output<typeof profileUpdateSchema>, 'name' | 'phone'> & {
    newEmail: string | null;
    oldEmail: string;
  },
): Promise<void> {
  const rename = db.update(profiles).set({ name, phone }).where(eq(profiles.id, userId));
  if (!newEmail) {
    await rename;
    return;
  }
  if (await emailTaken(db, newEmail, userId)) {
    throw new AppError(409, 'email_taken', EMAIL_IN_USE, { email: EMAIL_IN_USE });
  }
  const token = randomToken();
  const undo = randomToken();
  await db.batch([
    rename,
    expireLinks(db, userId, ['email_change']),
    db
      .insert(emailTokens)
      .values({ ...(await linkRow(userId, 'email_change', token, EMAIL_LINK_TTL_MS)), newEmail }),
    queueEmail(db, env, { to: newEmail, template: 'email-change', data: { token } }),
    // The undo link's new_email is the address it restores.
    db.insert(emailTokens).values({
      ...(await linkRow(userId, 'email_change_undo', undo, UNDO_LINK_TTL_MS)),
      newEmail: oldEmail,
    }),
    queueEmail(db, env, { to: oldEmail, template: 'email-change-undo', data: { token: undo } }),
  ]);
}

/**
 * The undo link mailed to the old address: the account keeps (or gets back) that address, the
 * pending change and every link mailed meanwhile stop working, and every session ends, the
 * requester's included. 'dipakai' when another account took the old address since.
 */
export async function undoEmailChange(db: Db, token: string): Promise<EmailChangeOutcome> {
  const row = await spendToken(db, token, 'email_change_undo');
  if (!row?.newEmail) return 'kedaluwarsa';
  try {
    await db.batch([
      db.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId)),
      db.update(profiles).set({ email: row.newEmail }).where(eq(profiles.id, row.userId)),
      expireLinks(db, row.userId, ['email_change', 'password_reset', 'sign_in'], row.usedAt ?? undefined),
      revokeAllSessions(db, row.userId),
    ]);
  } catch (err) {
    if (isConstraintError(err, USERS_EMAIL_UNIQUE)) return 'dipakai';
    throw err;
  }
  return 'dibatalkan';
}

/** The confirmation link of a new email: switches the account's address, unless another took it. */
export async function confirmEmailChange(db: Db, token: string): Promise<EmailChangeOutcome> {
  const row = await spendToken(db, token, 'email_change');
  if (!row?.newEmail) return 'kedaluwarsa';
  try {
    await db.batch([
      db.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId)),
      db.update(profiles).set({ email: row.newEmail }).where(eq(profiles.id, row.userId)),
    ]);
  } catch (err) {
    // Another account took the address since the link was sent, or confirms it at this moment.
    if (isConstraintError(err, USERS_EMAIL_UNIQUE)) return 'dipakai';
    throw err;
  }
  return 'dikonfirmasi';
}

/**
 * A signed-in user's new password: the account's other sign-ins end (`keepSessionId` stays),
 * and links mailed under the old password (a reset, a sign-in) stop working too.
 */
export async function changePassword(
  db: Db,
  userId: string,
  password: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await db.batch([
    setPasswordHash(db, userId, await hashPassword(password)),
    revokeAllSessions(db, userId, keepSessionId),
    expireLinks(db, userId, ['password_reset', 'sign_in']),
  ]);
}

/** Queues a reset link when the email has an account; whether it did. */
export async function queuePasswordReset(db: Db, env: Mail, email: string): Promise<boolean> {
  const user = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) return false;
  const token = randomToken();
  await db.batch([
    db.insert(emailTokens).values(await linkRow(user.id, 'password_reset', token, RESET_LINK_TTL_MS)),
    queueEmail(db, env, { to: email, template: 'password-reset', data: { token } }),
  ]);
  return true;
}

/** The new password of a reset link: every other reset link and every session of the account end. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const row = await spendToken(db, token, 'password_reset');
  if (!row) throw new AppError(400, 'invalid_token', 'Tautan atur ulang tidak valid atau sudah kedaluwarsa');
  await db.batch([
    setPasswordHash(db, row.userId, await hashPassword(password)),
    expireLinks(db, row.userId, ['password_reset'], row.usedAt ?? undefined),
  ]);
  await revokeAllSessions(db, row.userId);
}
