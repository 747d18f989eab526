import type { AuditAction, AuditTargetType } from '@uplink/contract/audit';
import type { Kysely } from 'kysely';
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

/** Records an administrator action; call it inside the transaction that performs the action. */
export function recordAdminAction(db: Kysely<Database>, action: AdminAction, at: Date): Promise<AuditLogRow> {
  return db
    .insertInto('audit_log')
    .values({
      actor_id: action.actorId,
      action: action.action,
      target_type: action.targetType,
      target_id: action.targetId,
      before: action.before === undefined ? null : JSON.stringify(action.before),
      after: action.after === undefined ? null : JSON.stringify(action.after),
      ip_address: action.ipAddress ?? null,
      request_id: action.requestId ?? null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
