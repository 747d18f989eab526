import type { AdminRewardsQuery } from '@uplink/contract/admin-rewards';
import type { AdminUsersQuery } from '@uplink/contract/admin-users';
import type { auditLogQuerySchema } from '@uplink/contract/audit';
import { fullName } from '@uplink/contract/format';
import { type AdminExportKind, adminExportFileName } from '@uplink/contract/statements';
import type { AdminWithdrawalsQuery } from '@uplink/contract/withdrawals';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { csvStream } from '../../csv/csv-stream';
import { type CsvColumn, csvHeader, csvRows } from '../../csv/csv-writer';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { auditLogFiltersOf } from '../audit/view-audit-log';
import {
  type ExportAuditRow,
  type ExportRewardRow,
  type ExportUserRow,
  type ExportWithdrawalRow,
  findAuditLogForExport,
  findRewardsForExport,
  findUsersForExport,
  findWithdrawalsForExport,
} from './admin-exports-repository';
import type { CsvDownload } from './export-member-statements';

/** Exports read the replica when one is configured (DATABASE_REPLICA_URL); the audit row goes to the primary. */
type Deps = Pick<AppContext, 'db' | 'readDb' | 'clock'>;

const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? null : fullName({ firstName: first ?? '', lastName: last ?? '' });

const userColumns: CsvColumn<ExportUserRow>[] = [
  { header: 'userId', kind: 'text', value: (row) => row.user_id },
  { header: 'firstName', kind: 'text', value: (row) => row.first_name },
  { header: 'lastName', kind: 'text', value: (row) => row.last_name },
  { header: 'email', kind: 'text', value: (row) => row.email },
  { header: 'status', kind: 'text', value: (row) => row.status },
  { header: 'emailVerified', kind: 'text', value: (row) => String(row.is_email_verified) },
  { header: 'administrator', kind: 'text', value: (row) => String(row.is_admin) },
  { header: 'bingXUID', kind: 'text', value: (row) => row.bingx_uid },
  { header: 'referralCode', kind: 'text', value: (row) => row.referral_code },
  { header: 'sponsorUserId', kind: 'text', value: (row) => row.sponsor_user_number },
  { header: 'subscriptionPaidAt', kind: 'moment', value: (row) => row.subscription_paid_at },
  { header: 'subscriptionEndsAt', kind: 'moment', value: (row) => row.subscription_period_ends_at },
  { header: 'totalEarned', kind: 'amount', value: (row) => row.credits_posted },
  { header: 'locked', kind: 'amount', value: (row) => row.credits_pending },
  { header: 'totalWithdrawn', kind: 'amount', value: (row) => row.debits_posted },
  { header: 'available', kind: 'amount', value: (row) => row.available },
  { header: 'joinedAt', kind: 'moment', value: (row) => row.created_at },
];

const withdrawalColumns: CsvColumn<ExportWithdrawalRow>[] = [
  { header: 'requestedAt', kind: 'moment', value: (row) => row.requested_at },
  { header: 'withdrawalId', kind: 'text', value: (row) => row.id },
  { header: 'memberUserId', kind: 'text', value: (row) => row.member_user_number },
  { header: 'memberName', kind: 'text', value: (row) => nameOf(row.member_first_name, row.member_last_name) },
  { header: 'memberEmail', kind: 'text', value: (row) => row.member_email },
  { header: 'amount', kind: 'amount', value: (row) => row.amount },
  { header: 'asset', kind: 'text', value: (row) => row.asset },
  { header: 'walletAddress', kind: 'text', value: (row) => row.wallet_address },
  { header: 'status', kind: 'text', value: (row) => row.status },
  { header: 'reason', kind: 'text', value: (row) => row.reason },
  { header: 'transactionHash', kind: 'text', value: (row) => row.transaction_hash },
  { header: 'processedAt', kind: 'moment', value: (row) => row.processed_at },
];

const rewardColumns: CsvColumn<ExportRewardRow>[] = [
  { header: 'createdAt', kind: 'moment', value: (row) => row.created_at },
  { header: 'rewardId', kind: 'text', value: (row) => row.id },
  { header: 'memberUserId', kind: 'text', value: (row) => row.beneficiary_user_number },
  { header: 'memberName', kind: 'text', value: (row) => nameOf(row.beneficiary_first_name, row.beneficiary_last_name) },
  { header: 'fromMemberUserId', kind: 'text', value: (row) => row.source_user_number },
  { header: 'fromMemberName', kind: 'text', value: (row) => nameOf(row.source_first_name, row.source_last_name) },
  { header: 'type', kind: 'text', value: (row) => row.type },
  { header: 'level', kind: 'integer', value: (row) => row.level },
  { header: 'cycle', kind: 'integer', value: (row) => row.cycle },
  { header: 'planVersion', kind: 'integer', value: (row) => row.plan_version },
  { header: 'percent', kind: 'amount', value: (row) => row.percent },
  { header: 'masterAmount', kind: 'amount', value: (row) => row.master_amount },
  { header: 'rewardAmount', kind: 'amount', value: (row) => row.reward_amount },
  { header: 'state', kind: 'text', value: (row) => row.state },
];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const auditColumns: CsvColumn<ExportAuditRow>[] = [
  { header: 'createdAt', kind: 'moment', value: (row) => row.created_at },
  { header: 'action', kind: 'text', value: (row) => row.action },
  { header: 'actorUserId', kind: 'text', value: (row) => row.actor_user_number },
  { header: 'actorName', kind: 'text', value: (row) => nameOf(row.actor_first_name, row.actor_last_name) },
  { header: 'targetType', kind: 'text', value: (row) => row.target_type },
  { header: 'targetId', kind: 'text', value: (row) => row.target_id },
  { header: 'targetUserId', kind: 'text', value: (row) => row.target_user_number },
  { header: 'ipAddress', kind: 'text', value: (row) => row.ip_address },
  { header: 'requestId', kind: 'text', value: (row) => row.request_id },
  { header: 'before', kind: 'text', value: (row) => json(row.before) },
  { header: 'after', kind: 'text', value: (row) => json(row.after) },
];

/**
 * An administrator's export: recorded in the audit log (who, which list, with which filters)
 * before the first row is read, then streamed.
 */
async function adminExport<Row>(
  deps: Deps,
  kind: AdminExportKind,
  administrator: RequestingAdministrator,
  filters: Record<string, unknown>,
  columns: CsvColumn<Row>[],
  readChunk: (last: Row | undefined, limit: number) => Promise<Row[]>,
): Promise<CsvDownload> {
  const at = deps.clock.now();
  await recordAdminAction(
    deps.db,
    {
      actorId: administrator.id,
      action: 'DATA_EXPORTED',
      targetType: 'EXPORT',
      targetId: kind,
      after: { filters },
      ipAddress: administrator.ipAddress,
      requestId: administrator.requestId,
    },
    at,
  );
  return {
    fileName: adminExportFileName(kind, at),
    body: csvStream<Row>({ header: csvHeader(columns), readChunk, lines: (rows) => csvRows(columns, rows) }),
  };
}

/** The filters a list query sets, without its paging and order (an export is every page, newest first). */
function filtersOf(query: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, limit: _limit, sort: _sort, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

export function exportUsers(deps: Deps, administrator: RequestingAdministrator, query: AdminUsersQuery) {
  const search = query.search || undefined;
  return adminExport(deps, 'users', administrator, filtersOf(query), userColumns, (last, limit) =>
    findUsersForExport(deps.readDb, search, last, limit),
  );
}

export function exportWithdrawals(deps: Deps, administrator: RequestingAdministrator, query: AdminWithdrawalsQuery) {
  const filters = { search: query.search || undefined, status: query.status };
  return adminExport(deps, 'withdrawals', administrator, filtersOf(query), withdrawalColumns, (last, limit) =>
    findWithdrawalsForExport(deps.readDb, filters, last, limit),
  );
}

export function exportRewards(
  deps: Deps,
  administrator: RequestingAdministrator,
  query: AdminRewardsQuery & { cycle?: number },
) {
  const filters = { search: query.search || undefined, type: query.type, level: query.level, cycle: query.cycle };
  return adminExport(deps, 'rewards', administrator, filtersOf(query), rewardColumns, (last, limit) =>
    findRewardsForExport(deps.readDb, filters, last, limit),
  );
}

export async function exportAuditLog(
  deps: Deps,
  administrator: RequestingAdministrator,
  query: z.output<typeof auditLogQuerySchema>,
) {
  const filters = await auditLogFiltersOf(deps, query);
  return adminExport(deps, 'audit-log', administrator, filtersOf(query), auditColumns, (last, limit) =>
    findAuditLogForExport(deps.readDb, filters, last, limit),
  );
}
