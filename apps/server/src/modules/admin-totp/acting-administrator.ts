import type { AuditAction } from '@uplink/contract/audit';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { recordAdminAction } from '../audit/audit-log-repository';

/** The signed-in administrator changing their own second factor, and where the request came from. */
export interface ActingAdministrator {
  user: UserRow;
  ipAddress: string | null;
  requestId: string | null;
}

/** The audit row of a factor turned on or off; inside the transaction that does it. */
export async function recordTotpChange(
  trx: Kysely<Database>,
  administrator: ActingAdministrator,
  change: { action: AuditAction; before: unknown; after: unknown },
  at: Date,
): Promise<void> {
  await recordAdminAction(
    trx,
    {
      actorId: administrator.user.id,
      action: change.action,
      targetType: 'USER',
      targetId: administrator.user.id,
      before: change.before,
      after: change.after,
      ipAddress: administrator.ipAddress,
      requestId: administrator.requestId,
    },
    at,
  );
}
