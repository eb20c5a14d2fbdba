import type {
  StaffAcceptInput,
  StaffInvite,
  StaffInviteInput,
  StaffList,
  StaffMember,
  StaffRole,
} from '@gi/contracts';
import { STAFF_INVITES_SHOWN, staffRoles } from '@gi/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { STAFF_INVITE_TTL_SECONDS, signStaffInviteToken, verifyStaffInviteToken } from '../auth/tokens.ts';
import { type Db, nowIso } from '../db/client.ts';
import { profiles, staffInvites, users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';

// The shop's staff (decision 052): the owner's list, invitations by email, roles, disabling.
// Who may call these is the endpoints' permission ('staff'); the rules of one's own account are here.

const HAS_ACCOUNT = 'Email ini sudah memiliki akun. Undang alamat email lain.';
const INVITE_INVALID = 'Undangan tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta undangan baru.';
const INVITE_REVOKED =
  'Undangan ini sudah dibatalkan atau diganti dengan undangan baru. Buka tautan di email undangan terbaru, atau minta undangan baru kepada pemilik toko.';
const INVITE_MISSING = 'Undangan tidak ditemukan atau sudah diterima';
const OWN_ACCOUNT = 'Anda tidak dapat mengubah peran atau menonaktifkan akun Anda sendiri.';
const STAFF_MISSING = 'Akun staf tidak ditemukan';

const hasAccount = () => new AppError(409, 'email_taken', HAS_ACCOUNT, { email: HAS_ACCOUNT });

/**
 * A staff row, named by its roles: a search of profiles_role_created per role (a `<> 'customer'`
 * would walk that index past every customer to count the staff).
 */
const isStaffRow = inArray(profiles.role, [...staffRoles]);

const memberColumns = {
  id: profiles.id,
  name: profiles.name,
  email: profiles.email,
  role: profiles.role,
  disabledAt: profiles.disabledAt,
  createdAt: profiles.createdAt,
};

const inviteColumns = {
  id: staffInvites.id,
  email: staffInvites.email,
  role: staffInvites.role,
  createdAt: staffInvites.createdAt,
  expiresAt: staffInvites.expiresAt,
};

/** A page of the staff, oldest first, and the newest invitations still waiting. */
export async function listStaff(db: Db, page: number, pageSize: number): Promise<StaffList> {
  const now = nowIso();
  const [members, [count], invites] = await db.batch([
    db
      .select(memberColumns)
      .from(profiles)
      .where(isStaffRow)
      .orderBy(asc(profiles.createdAt), asc(profiles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)` }).from(profiles).where(isStaffRow),
    db
      .select(inviteColumns)
      .from(staffInvites)
      .where(and(isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now)))
      .orderBy(desc(staffInvites.createdAt))
      .limit(STAFF_INVITES_SHOWN),
  ]);
  return {
    items: members as StaffMember[],
    total: count?.total ?? 0,
    page,
    pageSize,
    invites: invites as StaffInvite[],
  };
}

/** A new invitation row for `email` and `role`, good for 7 days from now, and its link's token. */
async function newInvite(secret: string, email: string, role: StaffRole) {
  const invite: StaffInvite = {
    id: crypto.randomUUID(),
    email,
    role,
    createdAt: nowIso(),
    expiresAt: new Date(Date.now() + STAFF_INVITE_TTL_SECONDS * 1000).toISOString(),
  };
  return { invite, token: await signStaffInviteToken(invite.id, secret) };
}

async function refuseTakenAddress(db: Db, email: string): Promise<void> {
  const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (taken) throw hasAccount();
}

/** Records an invitation and queues its email (one batch); 409 when the address has an account. */
export async function inviteStaff(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'JWT_SECRET'>,
  { email, role }: StaffInviteInput,
  invitedBy: string,
): Promise<StaffInvite> {
  await refuseTakenAddress(db, email);
  const { invite, token } = await newInvite(env.JWT_SECRET, email, role);
  await db.batch([
    db.insert(staffInvites).values({ ...invite, invitedBy }),
    auditRow(db, {
      actorId: invitedBy,
      entityType: 'staff',
      entityId: invite.id,
      action: 'invite',
      after: { email, role },
    }),
    queueEmail(db, env, { to: email, template: 'staff-invite', data: { token, role } }),
  ]);
  return invite;
}

/** An invitation not accepted yet (waiting or past its days), else 404. */
async function unacceptedInvite(db: Db, id: string): Promise<StaffInvite> {
  const row = await db
    .select(inviteColumns)
    .from(staffInvites)
    .where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt)))
    .get();
  if (!row) throw new AppError(404, 'not_found', INVITE_MISSING);
  return row as StaffInvite;
}

/**
 * Revokes an invitation not accepted yet: its row goes, so its signed link finds nothing and the
 * invitee reads that it was revoked (`acceptInvite`). The audit row keeps the address and role.
 */
export async function revokeInvite(db: Db, actorId: string, id: string): Promise<void> {
  const invite = await unacceptedInvite(db, id);
  await db.batch([
    db.delete(staffInvites).where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt))),
    // Recorded only when it removed the row (not when an acceptance came first).
    auditRow(db, {
      actorId,
      entityType: 'staff',
      entityId: id,
      action: 'invite_revoke',
      before: { email: invite.email, role: invite.role },
      when: AFTER_A_CHANGE,
    }),
  ]);
}

/**
 * Sends an invitation again with a fresh link, good for 7 days: a new row replaces the old one in
 * the same batch, so the old link (which names the old row) stops working.
 */
export async function resendInvite(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'JWT_SECRET'>,
  actorId: string,
  id: string,
): Promise<StaffInvite> {
  const old = await unacceptedInvite(db, id);
  await refuseTakenAddress(db, old.email);
  const { invite, token } = await newInvite(env.JWT_SECRET, old.email, old.role);
  await db.batch([
    db.delete(staffInvites).where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt))),
    db.insert(staffInvites).values({ ...invite, invitedBy: actorId }),
    auditRow(db, {
      actorId,
      entityType: 'staff',
      entityId: invite.id,
      action: 'invite_resend',
      // The address and role are the invitation's (its 'invite' row); what changes is the link's row.
      before: { invite_id: id },
      after: { invite_id: invite.id },
    }),
    queueEmail(db, env, { to: invite.email, template: 'staff-invite', data: { token, role: invite.role } }),
  ]);
  return invite;
}

/**
 * The invitee's account, with the name and password they chose; the invitation is spent in the
 * same batch, so a link opened twice makes one account. Its address.
 */
export async function acceptInvite(db: Db, secret: string, input: StaffAcceptInput): Promise<string> {
  const inviteId = await verifyStaffInviteToken(input.token, secret);
  if (!inviteId) throw new AppError(400, 'invalid_token', INVITE_INVALID);
  const invite = await db
    .select({ ...inviteColumns, acceptedAt: staffInvites.acceptedAt })
    .from(staffInvites)
    .where(eq(staffInvites.id, inviteId))
    .get();
  // A genuine link whose row is gone: the owner revoked it or sent a new one (`resendInvite`).
  if (!invite) throw new AppError(410, 'invite_revoked', INVITE_REVOKED);
  if (invite.acceptedAt || invite.expiresAt <= nowIso()) {
    throw new AppError(400, 'invalid_token', INVITE_INVALID);
  }
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const stamp = nowIso();
  try {
    await db.batch([
      db
        .update(staffInvites)
        .set({ acceptedAt: stamp })
        .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.acceptedAt))),
      // Only from the row this batch spent: a twin acceptance or a revoke or resend landing after
      // the read above inserts no account, and the profile's foreign key then fails the batch.
      db.insert(users).select(
        sql`SELECT ${id}, ${invite.email}, ${passwordHash}, ${stamp} FROM ${staffInvites}
            WHERE ${staffInvites.id} = ${invite.id} AND ${staffInvites.acceptedAt} = ${stamp}`,
      ),
      db.insert(profiles).values({ id, name: input.name, email: invite.email, role: invite.role }),
    ]);
  } catch (err) {
    if (isConstraintError(err, 'UNIQUE constraint failed: users.email')) throw hasAccount();
    if (isConstraintError(err, 'FOREIGN KEY constraint failed')) {
      const still = await db
        .select({ id: staffInvites.id })
        .from(staffInvites)
        .where(eq(staffInvites.id, invite.id))
        .get();
      throw still
        ? new AppError(400, 'invalid_token', INVITE_INVALID)
        : new AppError(410, 'invite_revoked', INVITE_REVOKED);
    }
    throw err;
  }
  return invite.email;
}

async function staffMember(db: Db, id: string): Promise<StaffMember> {
  const row = await db
    .select(memberColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), isStaffRow))
    .get();
  if (!row) throw new AppError(404, 'not_found', STAFF_MISSING);
  return row as StaffMember;
}

function notOwnAccount(actorId: string, id: string): void {
  if (actorId === id) throw new AppError(409, 'own_account', OWN_ACCOUNT);
}

/**
 * A staff account's new role. The guard reads the role from D1 on every request, so it counts
 * from the account's next call. The owner's own role stays: the shop never loses its last owner.
 */
export async function setStaffRole(
  db: Db,
  actorId: string,
  id: string,
  role: StaffRole,
): Promise<StaffMember> {
  notOwnAccount(actorId, id);
  const before = await staffMember(db, id);
  await db.batch([
    db
      .update(profiles)
      .set({ role })
      // The same role again matches no row: nothing changes, nothing is recorded.
      .where(and(eq(profiles.id, id), isStaffRow, ne(profiles.role, role))),
    auditRow(db, {
      actorId,
      entityType: 'staff',
      entityId: id,
      action: 'role',
      before: { role: before.role },
      after: { role },
      when: AFTER_A_CHANGE,
    }),
  ]);
  return staffMember(db, id);
}

/** Disables a staff account: every session of it ends in the same batch, so it is out at once. */
export async function disableStaff(db: Db, actorId: string, id: string): Promise<StaffMember> {
  notOwnAccount(actorId, id);
  await staffMember(db, id);
  const disabledAt = nowIso();
  await db.batch([
    db
      .update(profiles)
      .set({ disabledAt })
      .where(and(eq(profiles.id, id), isStaffRow, isNull(profiles.disabledAt))),
    // Right after the update: recorded only when it disabled the account (not a second press).
    auditRow(db, {
      actorId,
      entityType: 'staff',
      entityId: id,
      action: 'disable',
      before: { disabled_at: null },
      after: { disabled_at: disabledAt },
      when: AFTER_A_CHANGE,
    }),
    revokeAllSessions(db, id),
  ]);
  return staffMember(db, id);
}

/** Enables a disabled staff account again: it signs in with its password and keeps its role. */
export async function enableStaff(db: Db, actorId: string, id: string): Promise<StaffMember> {
  notOwnAccount(actorId, id);
  const member = await staffMember(db, id);
  await db.batch([
    db
      .update(profiles)
      .set({ disabledAt: null })
      .where(and(eq(profiles.id, id), isStaffRow, isNotNull(profiles.disabledAt))),
    // Recorded only when it enabled the account (not a second press, not an active one).
    auditRow(db, {
      actorId,
      entityType: 'staff',
      entityId: id,
      action: 'enable',
      before: { disabled_at: member.disabledAt },
      after: { disabled_at: null },
      when: AFTER_A_CHANGE,
    }),
  ]);
  return staffMember(db, id);
}
