import type { AuditLog, AuditLogEntry, auditLogQuerySchema } from '@uplink/contract/audit';
import { fullName } from '@uplink/contract/format';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readAdminListPage } from '../../db/list-page';
import { isUuid } from '../../db/uuid';
import {
  type AuditLogEntryRow,
  type AuditLogFilters,
  countAuditLog,
  findAuditLogPage,
  findMemberIdByUserNumber,
} from './audit-log-repository';

/**
 * A page of the audit log for administrators, newest first. An `actor` that is an id names one
 * administrator; any other text searches their names, e-mails and user IDs. A `targetId` is
 * matched exactly, a member's user ID standing for their `_id`.
 */
export async function viewAuditLog(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof auditLogQuerySchema>,
): Promise<AuditLog> {
  const filters = await auditLogFiltersOf(deps, query);
  const { rows, pagination } = await readAdminListPage(
    query,
    (window) => findAuditLogPage(deps.readDb, filters, window),
    () => countAuditLog(deps.readDb, filters),
  );
  return { entries: rows.map(toAuditLogEntry), pagination };
}

/** The log's filters as a query asks for them (the screen's list and its export alike). */
export async function auditLogFiltersOf(
  deps: Pick<AppContext, 'readDb'>,
  query: Omit<z.output<typeof auditLogQuerySchema>, 'page' | 'limit'>,
): Promise<AuditLogFilters> {
  const actor = query.actor || undefined;
  return {
    actorId: actor && isUuid(actor) ? actor : undefined,
    actorSearch: actor && !isUuid(actor) ? actor : undefined,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId ? await recordedTargetId(deps, query.targetId) : undefined,
    from: query.from,
    to: query.to,
  };
}

const userNumberPattern = /^UP\d+$/i;

/**
 * The id an action was recorded on: a member's is their `_id`, but the screens show their user
 * ID, so a user ID (UP…) stands for the member's `_id`. Anything else is taken as typed.
 */
async function recordedTargetId(deps: Pick<AppContext, 'readDb'>, targetId: string): Promise<string> {
  if (!userNumberPattern.test(targetId)) return targetId;
  return (await findMemberIdByUserNumber(deps.readDb, targetId.toUpperCase())) ?? targetId;
}

function toAuditLogEntry(row: AuditLogEntryRow): AuditLogEntry {
  return {
    _id: row.id,
    action: row.action,
    actor:
      row.actor_id && row.actor_user_number
        ? {
            _id: row.actor_id,
            name: fullName({ firstName: row.actor_first_name ?? '', lastName: row.actor_last_name ?? '' }),
            email: row.actor_email ?? '',
            userId: row.actor_user_number,
            adminRole: row.actor_admin_role,
          }
        : null,
    targetType: row.target_type,
    targetId: row.target_id,
    target: row.target_user_number
      ? {
          name: fullName({ firstName: row.target_first_name ?? '', lastName: row.target_last_name ?? '' }),
          userId: row.target_user_number,
          adminRole: row.target_admin_role,
        }
      : null,
    before: row.before,
    after: row.after,
    ipAddress: row.ip_address,
    requestId: row.request_id,
    createdAt: row.created_at.toISOString(),
  };
}
