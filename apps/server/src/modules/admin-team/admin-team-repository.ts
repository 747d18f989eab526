import type { AdminRole, AdminStatus } from '@uplink/contract/admin-roles';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export interface InviterColumns {
  inviter_id: string | null;
  inviter_first_name: string | null;
  inviter_last_name: string | null;
  inviter_email: string | null;
}

export interface TeamAdministratorRow extends InviterColumns {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  admin_role: AdminRole;
  admin_status: AdminStatus;
  totp_enabled: boolean;
  last_login_at: Date | null;
}

/** The administrators of the team (not removed): owners first, then by name. */
export async function findTeamAdministrators(db: Kysely<Database>): Promise<TeamAdministratorRow[]> {
  const { rows } = await sql<TeamAdministratorRow>`
    SELECT u.id, u.email, u.first_name, u.last_name, u.admin_role, u.admin_status, u.last_login_at,
           EXISTS (SELECT 1 FROM admin_totp t WHERE t.user_id = u.id AND t.enrolled_at IS NOT NULL) AS totp_enabled,
           i.id AS inviter_id, i.first_name AS inviter_first_name, i.last_name AS inviter_last_name,
           i.email AS inviter_email
      FROM users u
      LEFT JOIN users i ON i.id = u.invited_by
     WHERE u.is_admin AND u.deleted_at IS NULL
     ORDER BY u.admin_role = 'OWNER' DESC, lower(u.first_name), lower(u.last_name), u.id`.execute(db);
  return rows;
}

export interface PendingInvitationRow extends InviterColumns {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  expires_at: Date;
}

/** The invitations still waiting at `now`, newest first. */
export async function findPendingInvitations(db: Kysely<Database>, now: Date): Promise<PendingInvitationRow[]> {
  const { rows } = await sql<PendingInvitationRow>`
    SELECT v.id, v.email, v.first_name, v.last_name, v.role, v.expires_at,
           i.id AS inviter_id, i.first_name AS inviter_first_name, i.last_name AS inviter_last_name,
           i.email AS inviter_email
      FROM admin_invitations v
      JOIN users i ON i.id = v.invited_by
     WHERE v.status = 'PENDING' AND v.expires_at > ${now}
     ORDER BY v.created_at DESC, v.id`.execute(db);
  return rows;
}

export type LockedAdministrator = Pick<UserRow, 'id' | 'admin_role' | 'admin_status'>;

/**
 * Locks every administrator's row (not removed) in id order until the transaction ends: one order
 * for every team change, so two owners changing each other at once queue instead of deadlocking,
 * and the second sees what the first left (the last active owner stays).
 */
export async function lockTeam(db: Kysely<Database>): Promise<LockedAdministrator[]> {
  const { rows } = await sql<LockedAdministrator>`
    SELECT id, admin_role, admin_status FROM users WHERE is_admin AND deleted_at IS NULL ORDER BY id FOR UPDATE`.execute(
    db,
  );
  return rows;
}

/** Marks the pending invitations to `email` whose time is over as EXPIRED, so a new one may be sent. */
export async function expireInvitationsTo(db: Kysely<Database>, email: string, now: Date): Promise<void> {
  await db
    .updateTable('admin_invitations')
    .set({ status: 'EXPIRED', closed_at: now })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .execute();
}

export interface NewInvitation {
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  tokenHash: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

export function insertInvitation(db: Kysely<Database>, invitation: NewInvitation) {
  return db
    .insertInto('admin_invitations')
    .values({
      email: invitation.email,
      first_name: invitation.firstName,
      last_name: invitation.lastName,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes a pending invitation (expired or not); undefined when there is none of that id. */
export function revokePendingInvitation(db: Kysely<Database>, id: string, now: Date) {
  return db
    .updateTable('admin_invitations')
    .set({ status: 'REVOKED', closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Revokes every pending invitation an administrator sent (they are no longer an active owner): an
 * invitation speaks for its owner only while they may manage the team. Answers how many.
 */
export async function revokeInvitationsSentBy(db: Kysely<Database>, inviterId: string, now: Date): Promise<number> {
  const revoked = await db
    .updateTable('admin_invitations')
    .set({ status: 'REVOKED', closed_at: now })
    .where('invited_by', '=', inviterId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .execute();
  return revoked.length;
}

/** The pending, unexpired invitation of a link's token, locked until the transaction ends. */
export function lockUsableInvitation(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom('admin_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export async function markInvitationAccepted(
  db: Kysely<Database>,
  id: string,
  administratorId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('admin_invitations')
    .set({ status: 'ACCEPTED', closed_at: now, administrator_id: administratorId })
    .where('id', '=', id)
    .execute();
}

export interface NewAdministrator {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  role: AdminRole;
  invitedBy: string;
  at: Date;
}

/**
 * An administrator, not a member: verified by the invitation's link, without a sponsor, a deposit
 * address or a referral code — nobody registers under them.
 */
export function insertAdministrator(db: Kysely<Database>, administrator: NewAdministrator): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      first_name: administrator.firstName,
      last_name: administrator.lastName,
      email: administrator.email,
      password_hash: administrator.passwordHash,
      is_email_verified: true,
      is_admin: true,
      admin_role: administrator.role,
      admin_status: 'ACTIVE',
      invited_by: administrator.invitedBy,
      created_at: administrator.at,
      updated_at: administrator.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type AdministratorChange = { role: AdminRole } | { status: AdminStatus } | { removed: true };

/**
 * Applies a team change to an administrator and ends every session they hold (a new session
 * version: their next request answers 401). A removal keeps the row for the audit log and frees the
 * address, which may be invited again.
 */
export function changeAdministrator(
  db: Kysely<Database>,
  id: string,
  change: AdministratorChange,
  at: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      ...('role' in change ? { admin_role: change.role } : {}),
      ...('status' in change ? { admin_status: change.status } : {}),
      ...('removed' in change ? { deleted_at: at, email: sql<string>`'removed-' || id || '@deleted.invalid'` } : {}),
      session_version: eb('session_version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The addresses of the active owners, who are told of every team change. */
export async function findOwnerAddresses(db: Kysely<Database>): Promise<{ email: string; first_name: string }[]> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('is_admin', '=', true)
    .where('admin_role', '=', 'OWNER')
    .where('admin_status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}
