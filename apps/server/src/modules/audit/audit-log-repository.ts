import type { AdminRole } from '@uplink/contract/admin-roles';
import { type AuditAction, type AuditTargetType, auditTargetTypes } from '@uplink/contract/audit';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import { memberMatches } from '../../db/member-search';
import type { AuditLogRow, Database } from '../../db/schema';

export interface AdminAction {
  /** The administrator; null for the system (a scheduled job). */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
  requestId?: string | null;
}

const auditRow = (action: AdminAction, at: Date) => ({
  actor_id: action.actorId,
  action: action.action,
  target_type: action.targetType,
  target_id: action.targetId,
  before: action.before === undefined ? null : JSON.stringify(action.before),
  after: action.after === undefined ? null : JSON.stringify(action.after),
  ip_address: action.ipAddress ?? null,
  request_id: action.requestId ?? null,
  created_at: at,
});

/** Records an administrator action; call it inside the transaction that performs the action. */
export function recordAdminAction(db: Kysely<Database>, action: AdminAction, at: Date): Promise<AuditLogRow> {
  return db.insertInto('audit_log').values(auditRow(action, at)).returningAll().executeTakeFirstOrThrow();
}

/** Records many actions in one statement (a set-based use case's rows, one per thing it decided). */
export async function recordAdminActions(
  db: Kysely<Database>,
  actions: readonly AdminAction[],
  at: Date,
): Promise<void> {
  if (actions.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(actions.map((action) => auditRow(action, at)))
    .execute();
}

/** What an audit-log reader narrows the log to; every filter is optional. */
export interface AuditLogFilters {
  actorId?: string;
  /** A substring of the acting administrator's name, e-mail or user ID. */
  actorSearch?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** Inclusive bounds on the time of the action. */
  from?: Date;
  to?: Date;
}

export interface AuditLogEntryRow {
  id: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  before: unknown;
  after: unknown;
  ip_address: string | null;
  request_id: string | null;
  created_at: Date;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  actor_user_number: string | null;
  actor_admin_role: AdminRole | null;
  target_first_name: string | null;
  target_last_name: string | null;
  target_user_number: string | null;
  /** The target's role when it is an administrator; null for a member. */
  target_admin_role: AdminRole | null;
}

/**
 * The conditions of the filters. Each one is answered by an index of migration 0010 (time, actor
 * + time, target + time, action + time); an actor search first finds the matching administrators
 * (a handful of rows, migration 0053) and then reads their entries.
 */
export function auditLogConditions(filters: AuditLogFilters): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.actorId) conditions.push(sql`l.actor_id = ${filters.actorId}`);
  if (filters.actorSearch) {
    conditions.push(
      sql`l.actor_id IN (SELECT u.id FROM users u WHERE u.is_admin AND ${memberMatches('u', filters.actorSearch)})`,
    );
  }
  if (filters.action) conditions.push(sql`l.action = ${filters.action}`);
  // The target index leads with the type: without one, every type is named so the index still answers.
  const targetTypes = filters.targetType ? [filters.targetType] : [...auditTargetTypes];
  if (filters.targetType || filters.targetId) conditions.push(sql`l.target_type = ANY(${targetTypes})`);
  if (filters.targetId) conditions.push(sql`l.target_id = ${filters.targetId}`);
  if (filters.from) conditions.push(sql`l.created_at >= ${filters.from}`);
  if (filters.to) conditions.push(sql`l.created_at <= ${filters.to}`);
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * A page of the audit log, newest first, with the acting administrator and — for an action on a
 * member — that member's name. The page is chosen first, then its people are joined.
 */
export async function findAuditLogPage(
  db: Kysely<Database>,
  filters: AuditLogFilters,
  page: PageWindow,
): Promise<AuditLogEntryRow[]> {
  const { rows } = await sql<AuditLogEntryRow>`
    WITH page AS (
      SELECT * FROM audit_log l
       WHERE ${auditLogConditions(filters)}
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT p.id::text AS id, p.action, p.target_type, p.target_id, p.before, p.after, p.ip_address,
           p.request_id, p.created_at, p.actor_id,
           a.first_name AS actor_first_name, a.last_name AS actor_last_name, a.email AS actor_email,
           a.user_id AS actor_user_number, CASE WHEN a.is_admin THEN a.admin_role END AS actor_admin_role,
           t.first_name AS target_first_name, t.last_name AS target_last_name, t.user_id AS target_user_number,
           CASE WHEN t.is_admin THEN t.admin_role END AS target_admin_role
      FROM page p
      LEFT JOIN users a ON a.id = p.actor_id
      -- A member's or an administrator's id is a uuid kept as text: cast only what can be one, so
      -- the key is used.
      LEFT JOIN users t ON t.id = CASE WHEN p.target_type IN ('USER', 'ADMINISTRATOR') AND p.target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                       THEN p.target_id::uuid END
     ORDER BY p.created_at DESC, p.id DESC`.execute(db);
  return rows;
}

/** How many entries match the filters. */
export async function countAuditLog(db: Kysely<Database>, filters: AuditLogFilters): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    SELECT count(*)::text AS total FROM audit_log l WHERE ${auditLogConditions(filters)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** The `_id` of the member (deleted or not) with this user ID (e.g. UP1000042), over its unique index. */
export async function findMemberIdByUserNumber(db: Kysely<Database>, userNumber: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('user_id', '=', userNumber).executeTakeFirst();
  return row?.id;
}
