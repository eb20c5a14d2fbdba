import type { Role, SessionUser } from '@gi/contracts';
import { and, eq, inArray, isNull, notInArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailTokens, profiles, sessions, users } from '../db/schema.ts';
import { type AccessClaims, REFRESH_TTL_SECONDS, randomToken, sha256, signAccessToken } from './tokens.ts';

export interface IssuedSession {
  access: string;
  refresh: string;
  user: SessionUser;
}

/**
 * The user as the browser sees it, with any address still waiting for its confirmation link, and
 * whether the owner disabled the account (decision 052). One query: every page view of a
 * signed-in user asks for this, and every sign-in.
 */
async function sessionUserRow(db: Db, userId: string) {
  const pendingEmail = sql<string | null>`(
    SELECT ${emailTokens.newEmail} FROM ${emailTokens}
    WHERE ${emailTokens.userId} = ${profiles.id}
      AND ${emailTokens.purpose} = 'email_change'
      AND ${emailTokens.usedAt} IS NULL
      AND ${emailTokens.expiresAt} > ${new Date().toISOString()}
    LIMIT 1
  )`;
  const row = await db
    .select({
      id: profiles.id,
      email: users.email,
      name: profiles.name,
      role: profiles.role,
      phone: profiles.phone,
      pendingEmail,
      disabledAt: profiles.disabledAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .get();
  if (!row) return null;
  const { disabledAt, ...user } = row;
  return {
    user: { ...user, pendingEmail: user.pendingEmail ?? null } as SessionUser,
    disabled: disabledAt !== null,
  };
}

export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  return (await sessionUserRow(db, userId))?.user ?? null;
}

/** The user about to be signed in, and whether the owner disabled the account: it starts no session. */
export const loadSigningInUser = sessionUserRow;

function refreshExpiry(): string {
  return new Date(Date.now() + REFRESH_TTL_SECONDS * 1000).toISOString();
}

/**
 * How long a just-rotated refresh token still renews: two tabs, or the session call and
 * an API call of one page, that refresh at the same moment both present it. Reuse after this is a
 * replay (a stolen copy) and revokes the family.
 */
export const ROTATION_GRACE_MS = 20_000;

/**
 * A new refresh token in `familyId`, with the access token bound to its row; null if
 * the family was revoked meanwhile (a logout racing a refresh must not leave a live token).
 */
async function issue(
  db: Db,
  user: SessionUser,
  familyId: string,
  secret: string,
): Promise<IssuedSession | null> {
  const refresh = randomToken();
  const id = crypto.randomUUID();
  const { meta } = await db.run(sql`
    INSERT INTO ${sessions} (id, user_id, family_id, token_hash, expires_at)
    SELECT ${id}, ${user.id}, ${familyId}, ${await sha256(refresh)}, ${refreshExpiry()}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${sessions} WHERE family_id = ${familyId} AND revoked_at IS NOT NULL
    )`);
  if (meta.changes === 0) return null;
  return { access: await signAccessToken({ sub: user.id, sid: id }, secret), refresh, user };
}

/** Starts a new refresh-token family for a fresh sign-in. */
export async function startSession(db: Db, user: SessionUser, secret: string): Promise<IssuedSession> {
  const issued = await issue(db, user, crypto.randomUUID(), secret);
  if (!issued) throw new Error('a new session family cannot be revoked');
  return issued;
}

export type RotateResult = { ok: true; session: IssuedSession } | { ok: false; reused: boolean };

/**
 * Exchanges a refresh token for a new pair. A token rotated more than
 * ROTATION_GRACE_MS ago is being replayed: the whole family is revoked.
 */
export async function rotateSession(db: Db, refresh: string, secret: string): Promise<RotateResult> {
  const now = new Date();
  const row = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, await sha256(refresh)))
    .get();
  if (!row || row.revokedAt || row.expiresAt <= now.toISOString()) return { ok: false, reused: false };
  if (row.rotatedAt) {
    if (now.getTime() - Date.parse(row.rotatedAt) >= ROTATION_GRACE_MS) {
      await revokeFamilies(db, [row.familyId]);
      return { ok: false, reused: true };
    }
  } else {
    // A twin that flips rotated_at between our read and this update is within the grace too.
    await db
      .update(sessions)
      .set({ rotatedAt: now.toISOString() })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt)));
  }
  const user = await loadSessionUser(db, row.userId);
  const session = user && (await issue(db, user, row.familyId, secret));
  return session ? { ok: true, session } : { ok: false, reused: false };
}

/**
 * The user's role right now, if the access token's session is still live: not ended
 * by a logout or a password reset, its account not disabled (decision 052). One read by primary keys.
 */
export async function liveSessionRole(db: Db, claims: AccessClaims): Promise<Role | null> {
  const row = await db
    .select({ role: profiles.role })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        isNull(profiles.disabledAt),
      ),
    )
    .get();
  return row?.role ?? null;
}

async function revokeFamilies(db: Db, familyIds: SQLWrapper | string[]): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(inArray(sessions.familyId, familyIds), isNull(sessions.revokedAt)));
}

/** Logout: ends the sign-in of this refresh token and of this access token's session. */
export async function endSession(db: Db, refresh: string | undefined, sessionId: string | undefined) {
  const matches = [
    ...(refresh ? [eq(sessions.tokenHash, await sha256(refresh))] : []),
    ...(sessionId ? [eq(sessions.id, sessionId)] : []),
  ];
  if (matches.length === 0) return;
  await revokeFamilies(
    db,
    db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(or(...matches)),
  );
}

/**
 * Ends every sign-in of the user, or every one but `keepSessionId`'s (its refresh family stays).
 * A statement: awaited it runs, or it goes into a batch with the change that calls for it.
 */
export function revokeAllSessions(db: Db, userId: string, keepSessionId?: string) {
  const kept = keepSessionId
    ? db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, keepSessionId))
    : undefined;
  return db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        kept ? notInArray(sessions.familyId, kept) : undefined,
      ),
    );
}
