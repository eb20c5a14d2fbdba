import type { SessionUser } from '@gi/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailTokens, profiles, sessions, users } from '../db/schema.ts';
import { REFRESH_TTL_SECONDS, randomToken, sha256, signAccessToken } from './tokens.ts';

export interface IssuedSession {
  access: string;
  refresh: string;
  user: SessionUser;
}

/**
 * The user as the browser sees it, with any address still waiting for its
 * confirmation link. One query: every page view of a signed-in user asks for this.
 */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const pendingEmail = sql<string | null>`(
    SELECT ${emailTokens.newEmail} FROM ${emailTokens}
    WHERE ${emailTokens.userId} = ${profiles.id}
      AND ${emailTokens.purpose} = 'email_change'
      AND ${emailTokens.usedAt} IS NULL
      AND ${emailTokens.expiresAt} > ${new Date().toISOString()}
    LIMIT 1
  )`;
  const row = await db
    .select({ id: profiles.id, email: users.email, name: profiles.name, role: profiles.role, pendingEmail })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .get();
  return row ? { ...row, pendingEmail: row.pendingEmail ?? null } : null;
}

function refreshExpiry(): string {
  return new Date(Date.now() + REFRESH_TTL_SECONDS * 1000).toISOString();
}

/** Starts a new refresh-token family for a fresh sign-in. */
export async function startSession(db: Db, user: SessionUser, secret: string): Promise<IssuedSession> {
  const refresh = randomToken();
  await db.insert(sessions).values({
    id: crypto.randomUUID(),
    userId: user.id,
    familyId: crypto.randomUUID(),
    tokenHash: await sha256(refresh),
    expiresAt: refreshExpiry(),
  });
  return { access: await signAccessToken({ sub: user.id, role: user.role }, secret), refresh, user };
}

export type RotateResult = { ok: true; session: IssuedSession } | { ok: false; reused: boolean };

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated is
 * being replayed (stolen or raced): the whole family is revoked.
 */
export async function rotateSession(db: Db, refresh: string, secret: string): Promise<RotateResult> {
  const now = new Date().toISOString();
  const row = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, await sha256(refresh)))
    .get();
  if (!row || row.revokedAt || row.expiresAt <= now) return { ok: false, reused: false };
  if (row.rotatedAt) {
    await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.familyId, row.familyId));
    return { ok: false, reused: true };
  }
  // Only the request that flips rotated_at wins; a concurrent twin sees 0 rows changed.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: now })
    .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0) return { ok: false, reused: true };

  const user = await loadSessionUser(db, row.userId);
  if (!user) return { ok: false, reused: false };
  const next = randomToken();
  await db.insert(sessions).values({
    id: crypto.randomUUID(),
    userId: row.userId,
    familyId: row.familyId,
    tokenHash: await sha256(next),
    expiresAt: refreshExpiry(),
  });
  return {
    ok: true,
    session: {
      access: await signAccessToken({ sub: user.id, role: user.role }, secret),
      refresh: next,
      user,
    },
  };
}

export async function revokeFamilyOf(db: Db, refresh: string): Promise<void> {
  const row = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, await sha256(refresh)))
    .get();
  if (row) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
  }
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
