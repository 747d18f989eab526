import type { AdminMemberReward, AdminUserDetail, adminUserDetailQuerySchema } from '@uplink/contract/admin-users';
import { toWireMoney } from '@uplink/contract/money';
import { adminListPagination } from '@uplink/contract/paging';
import { toRewardFigures } from '@uplink/contract/reward-figures';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { toMemberSummary } from '../../db/member-summary';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { findRewardLedgerTotals } from '../ledger/ledger-repository';
import { toRewardFields } from '../rewards/reward-record';
import {
  countMemberRewards,
  findMemberRewards,
  findRoundedRewardsSum,
  type RewardRow,
} from '../rewards/rewards-repository';
import { memberRisk } from '../risk/member-risk';
import { hasPaidSubscription } from '../subscription/subscription-status';
import { toWithdrawal } from '../withdrawals/withdrawal-record';
import { findMemberWithdrawals } from '../withdrawals/withdrawals-repository';
import { toReferredBy } from './admin-user-record';
import { findAdminUser, findMemberWithdrawalTotals, findReferralCounts } from './admin-users-repository';

type AdminUserDetailQuery = z.output<typeof adminUserDetailQuerySchema>;

/** One member as an administrator inspects them, with a page of their rewards and withdrawals on request. */
export async function viewUserDetail(
  deps: Pick<AppContext, 'db' | 'clock'>,
  id: string,
  query: AdminUserDetailQuery,
): Promise<AdminUserDetail> {
  const row = isUuid(id) ? await findAdminUser(deps.db, id) : undefined;
  if (!row) throw new DomainError('USER_NOT_FOUND', 'User not found');
  const [referrals, ledgerTotals, risk, roundedRows] = await Promise.all([
    findReferralCounts(deps.db, id),
    findRewardLedgerTotals(deps.db, id),
    memberRisk(deps.db, id),
    findRoundedRewardsSum(deps.db, id),
  ]);
  const held = risk.risk?.held ?? false;
  const [rewards, withdrawals] = await Promise.all([
    query.includeRewards ? viewRewardsPage(deps, id, query.rewardsPage, query.rewardsLimit, row) : undefined,
    query.includeWithdrawals
      ? viewWithdrawalsPage(deps, id, query.withdrawalsPage, query.withdrawalsLimit, held)
      : undefined,
  ]);
  return {
    ...toMemberSummary(row),
    isEmailVerified: row.is_email_verified,
    status: row.status,
    isAdmin: row.is_admin,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    bingXUID: row.bingx_uid,
    referralCode: row.referral_code,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastLogin: row.last_login_at?.toISOString() ?? null,
    totalRewards: toWireMoney(row.credits_posted),
    balance: toWireMoney(row.available),
    lockedRewards: toWireMoney(row.credits_pending),
    totalWithdrawn: toWireMoney(row.debits_posted),
    pendingWithdrawals: toWireMoney(row.debits_pending),
    rewardFigures: toRewardFigures(
      ledgerTotals ?? { credited: '0', locked: '0', forfeited: '0', carried: '0' },
      'administrator',
      roundedRows,
    ),
    referralStats: { totalReferrals: referrals.total, directReferrals: referrals.direct },
    referredBy: toReferredBy(row),
    subscriptionFee: {
      hasPaid: hasPaidSubscription(row, deps.clock.now()),
      amount: row.subscription_amount === null ? null : toWireMoney(row.subscription_amount),
      timestamp: row.subscription_paid_at?.toISOString() ?? null,
      periodEndsAt: row.subscription_period_ends_at?.toISOString() ?? null,
    },
    risk: risk.risk,
    riskEvents: risk.riskEvents,
    ...(rewards ? { rewards } : {}),
    ...(withdrawals ? { withdrawals } : {}),
  };
}

/**
 * A page of the member's rewards, newest first. Counts come from the per-(type, level) counters;
 * the amount is every reward credited and not forfeited — the ledger's credits, posted and locked.
 */
async function viewRewardsPage(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
  page: number,
  limit: number,
  balances: { credits_posted: string; credits_pending: string },
): Promise<NonNullable<AdminUserDetail['rewards']>> {
  const [rows, direct, downline] = await Promise.all([
    findMemberRewards(deps.db, memberId, {}, 'newest', pageWindow({ page, limit })),
    countMemberRewards(deps.db, memberId, { type: 'DIRECT' }),
    countMemberRewards(deps.db, memberId, { type: 'DOWNLINE' }),
  ]);
  const total = direct + downline;
  return {
    data: rows.map(toAdminMemberReward),
    statistics: {
      total,
      totalRewardAmount: toWireMoney(new Decimal(balances.credits_posted).plus(balances.credits_pending)),
      directRewardsCount: direct,
      downlineRewardsCount: downline,
    },
    pagination: adminListPagination(page, limit, total, rows.length),
  };
}

function toAdminMemberReward(row: RewardRow): AdminMemberReward {
  return {
    ...toRewardFields(row),
    ...(row.source_user_id
      ? {
          downlineUser: {
            firstName: row.source_first_name ?? '',
            lastName: row.source_last_name ?? '',
            email: row.source_email ?? '',
            userId: row.source_user_number ?? '',
          },
        }
      : {}),
  };
}

/** A page of the member's withdrawals, newest first, with the totals of all of them. */
async function viewWithdrawalsPage(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
  page: number,
  limit: number,
  memberHeld: boolean,
): Promise<NonNullable<AdminUserDetail['withdrawals']>> {
  const [{ rows, total }, totals] = await Promise.all([
    findMemberWithdrawals(deps.db, memberId, undefined, pageWindow({ page, limit })),
    findMemberWithdrawalTotals(deps.db, memberId),
  ]);
  return {
    data: rows.map((row) => toWithdrawal(row, memberHeld)),
    statistics: {
      total,
      totalRequestedAmount: toWireMoney(totals.requested),
      totalApprovedAmount: toWireMoney(totals.approved),
      totalPendingAmount: toWireMoney(totals.pending),
    },
    pagination: adminListPagination(page, limit, total, rows.length),
  };
}
