import type { MemberReport, MemberReports, memberReportsQuerySchema } from '@uplink/contract/admin-reports';
import { toWireMoney } from '@uplink/contract/money';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readAdminListPage } from '../../db/list-page';
import { toMemberSummary } from '../../db/member-summary';
import { countMemberReports, findMemberReportsPage, type MemberReportRow } from './admin-reports-repository';

/**
 * The administrators' member reports: a page of members, newest first, each with what their real
 * activity adds up to — balances, withdrawals, rewards, statements, downline and sign-ins.
 */
export async function viewMemberReports(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof memberReportsQuerySchema>,
): Promise<MemberReports> {
  const filters = { search: query.search || undefined, status: query.status };
  const { rows, pagination } = await readAdminListPage(
    query,
    (window) => findMemberReportsPage(deps.readDb, filters, window),
    () => countMemberReports(deps.readDb, filters),
  );
  return { reports: rows.map(toMemberReport), pagination };
}

function toMemberReport(row: MemberReportRow): MemberReport {
  return {
    ...toMemberSummary(row),
    status: row.status,
    isAdmin: row.is_admin,
    joinedAt: row.created_at.toISOString(),
    pendingWithdrawals: { count: Number(row.pending_withdrawals), amount: toWireMoney(row.pending_amount) },
    availableBalance: toWireMoney(row.available),
    totalMasterAmount: toWireMoney(row.master_amount),
    avgRewardPercentage:
      row.avg_percent === null
        ? null
        : new Decimal(row.avg_percent).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber(),
    totalTradingRewards: toWireMoney(row.downline_credited),
    totalReferrals: Number(row.total_referrals),
    directReferrals: Number(row.direct_referrals),
    referralRewards: toWireMoney(row.direct_credited),
    totalLogins: row.sign_in_count,
    withdrawalRequests: Number(row.withdrawal_requests),
    rewardClaims: Number(row.rewards),
    lastActivity: row.last_activity?.toISOString() ?? null,
  };
}
