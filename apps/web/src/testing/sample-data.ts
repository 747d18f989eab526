import type { MemberProfile } from '@uplink/contract/accounts';
import { type AdminRole, rolePermissions } from '@uplink/contract/admin-roles';
import type { AdminUserDetail, AdminUserListItem, AdminUsers } from '@uplink/contract/admin-users';
import { complianceWindowDays, minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
import { type AdminFunnel, funnelOf } from '@uplink/contract/invitations';
import { adminListPagination } from '@uplink/contract/paging';
import type {
  PayoutBatch,
  PayoutBatchDetail,
  PayoutBatchLine,
  PayoutBatchPart,
  SafeProposal,
} from '@uplink/contract/payout-batches';
import { toRewardFigures } from '@uplink/contract/reward-figures';
import type { RewardPlan } from '@uplink/contract/reward-plan';
import type { RewardStats } from '@uplink/contract/reward-stats';
import type { RiskEvent, RiskEvents } from '@uplink/contract/risk';
import type { AdminWithdrawal, AdminWithdrawals, WithdrawalReview } from '@uplink/contract/withdrawals';

/**
 * Small builders of what the API answers, typed by the contract, for the screen tests: each gives a
 * plausible record, the test overrides what it is about.
 */

const at = '2026-03-02T10:00:00.000Z';
/** The member the admin screens' tests are about. */
const ann = { _id: 'member-1', userId: 'UP1000042', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
const annAccount = { ...ann, isEmailVerified: true, bingXUID: '12345678', referralCode: 'ANNCODE1', createdAt: at };
const noSubscription = { paid: false, timestamp: null, amount: null, transactionHash: null, periodEndsAt: null };

/** The root administrator, an owner; `anAdministrator({}, 'SUPPORT')` holds a support role's permissions instead. */
export function anAdministrator(change: Partial<MemberProfile> = {}, role: AdminRole = 'OWNER'): MemberProfile {
  return {
    _id: 'admin-1',
    userId: 'UP1000001',
    firstName: 'Root',
    lastName: 'Admin',
    email: 'admin@uplink.test',
    isEmailVerified: true,
    isAdmin: true,
    adminRole: role,
    permissions: [...rolePermissions[role]],
    referralCode: 'ROOTCODE',
    bingXUID: null,
    status: 'ACTIVE',
    subscriptionFee: { ...noSubscription, received: 0, due: 10 },
    walletAddress: '0x0000000000000000000000000000000000000001',
    lastLogin: at,
    createdAt: at,
    ...change,
  };
}

export function aListedMember(change: Partial<AdminUserListItem> = {}): AdminUserListItem {
  return {
    ...annAccount,
    status: 'ACTIVE',
    referredByCode: 'ROOTCODE',
    referredBy: null,
    subscriptionFee: { paid: true },
    onboardingCompleted: true,
    totalRewards: 12.5,
    totalWithdrawals: 0,
    balance: 12.5,
    lastLogin: at,
    isAdmin: false,
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    risk: null,
    ...change,
  };
}

export function aUsersPage(users: AdminUserListItem[]): AdminUsers {
  return {
    users,
    pagination: { currentPage: 1, totalPages: 1, totalUsers: users.length, limit: 10, hasNext: false, hasPrev: false },
    stats: {
      totalUsers: users.length,
      activeUsers: users.filter((user) => user.status === 'ACTIVE').length,
      lockedUsers: users.filter((user) => user.status === 'LOCKED').length,
      disabledUsers: users.filter((user) => user.status === 'DISABLED').length,
      verifiedUsers: users.length,
      unverifiedUsers: 0,
      onboardingCompleted: users.length,
      subscriptionPaid: users.length,
    },
  };
}

/** A first page of ten with nothing on it, as the admin lists answer it. */
const emptyPage = adminListPagination(1, 10, 0, 0);

export function aMemberDetail(change: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...annAccount,
    status: 'ACTIVE',
    isAdmin: false,
    deletedAt: null,
    updatedAt: at,
    lastLogin: at,
    totalRewards: 12.5,
    balance: 12.5,
    lockedRewards: 0,
    totalWithdrawn: 0,
    pendingWithdrawals: 0,
    rewardFigures: toRewardFigures({ credited: '12.5', locked: '0', forfeited: '0', carried: '0' }, 'administrator'),
    referralStats: { totalReferrals: 0, directReferrals: 0 },
    referredBy: null,
    subscriptionFee: { hasPaid: true, amount: 10, timestamp: at, periodEndsAt: null },
    rewards: {
      data: [],
      statistics: { total: 0, totalRewardAmount: 0, directRewardsCount: 0, downlineRewardsCount: 0 },
      pagination: emptyPage,
    },
    withdrawals: {
      data: [],
      statistics: { total: 0, totalRequestedAmount: 0, totalApprovedAmount: 0, totalPendingAmount: 0 },
      pagination: emptyPage,
    },
    risk: null,
    riskEvents: [],
    ...change,
  };
}

export function aPendingWithdrawalReview(change: Partial<WithdrawalReview> = {}): WithdrawalReview {
  return {
    withdrawal: {
      _id: 'withdrawal-1',
      amount: 20,
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      asset: 'USDT',
      status: 'PENDING',
      reason: null,
      requestedAt: at,
      processedAt: null,
      transactionHash: null,
      paymentUnderWay: false,
      paymentSeenIn: null,
      underReview: false,
      user: ann,
      inOpenBatch: false,
      internalNote: null,
      risk: null,
    },
    balance: { available: 30, totalEarned: 50, totalWithdrawn: 0, onHold: 20 },
    ledger: [],
    decidedBy: null,
    demoTreasury: false,
    paymentUnderWay: null,
    flaggedPayments: [],
    ...change,
  };
}

/** A member's reward figures with `currentBalance` available, all of it earned, nothing locked or held. */
export function rewardStatsWith(currentBalance: number): RewardStats {
  return {
    currentBalance,
    totalRewards: currentBalance,
    totalWithdrawn: 0,
    pendingWithdrawals: 0,
    lockedRewards: 0,
    rewardBreakdown: { calculatedTotal: currentBalance, directRewards: currentBalance, downlineRewards: 0 },
    lockReasons: [],
    compliance: { minimumExchangeBalance: minimumExchangeBalanceUsdt, windowDays: complianceWindowDays },
    notCopyingIn: null,
    locked: [],
    earningsByCycle: [],
    figures: toRewardFigures({ credited: String(currentBalance), locked: '0', forfeited: '0', carried: '0' }, 'member'),
    latestActivityAt: null,
  };
}

export function anAdminWithdrawal(change: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return { ...aPendingWithdrawalReview().withdrawal, ...change };
}

/** The admin list's one page of `withdrawals`; `matching` is how many the query matched in all. */
export function anAdminWithdrawalsPage(
  withdrawals: AdminWithdrawal[],
  matching = withdrawals.length,
): AdminWithdrawals {
  const pending = withdrawals.filter((w) => w.status === 'PENDING');
  return {
    withdrawals,
    pagination: { ...emptyPage, totalPages: 1, totalRecords: matching, resultsCount: withdrawals.length },
    statistics: {
      total: withdrawals.length,
      pending: pending.length,
      approved: withdrawals.length - pending.length,
      rejected: 0,
      blocked: 0,
      totalApprovedAmount: 0,
      totalPendingAmount: pending.reduce((sum, w) => sum + w.amount, 0),
      totalAmount: 0,
    },
  };
}

const root = { _id: 'admin-1', name: 'Root Admin', email: 'admin@uplink.test' };

/** An open batch of two withdrawals (50 USDT) created by `anAdministrator()`, no second approval needed. */
export function aPayoutBatch(change: Partial<PayoutBatch> = {}): PayoutBatch {
  return {
    _id: 'batch-1',
    status: 'OPEN',
    count: 2,
    paid: 0,
    total: 50,
    paidAmount: 0,
    createdAt: at,
    createdBy: root,
    approval: { required: false, approvedBy: null, approvedAt: null },
    exportable: true,
    payment: null,
    ...change,
  };
}

export function aBatchLine(change: Partial<PayoutBatchLine> = {}): PayoutBatchLine {
  return {
    line: 1,
    withdrawalId: 'withdrawal-1',
    user: ann,
    amount: 20,
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    status: 'PENDING',
    transactionHash: null,
    logIndex: null,
    ...change,
  };
}

/** The batch's lines as one part in each format (what a batch under 300 withdrawals has). */
export function onePartEach(lines: PayoutBatchLine[]): PayoutBatchPart[] {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const paid = lines.filter((line) => line.status === 'APPROVED').length;
  return (['safe-csv', 'safe-json'] as const).map((format) => ({ format, part: 1, count: lines.length, total, paid }));
}

export function aPayoutBatchDetail(
  batch: PayoutBatch,
  lines: PayoutBatchLine[],
  demoTreasury = false,
  change: Partial<PayoutBatchDetail> = {},
): PayoutBatchDetail {
  return {
    batch,
    lines,
    pagination: { ...emptyPage, totalPages: 1, totalRecords: lines.length, limit: 50, resultsCount: lines.length },
    parts: onePartEach(lines),
    demoTreasury,
    demoPayment: [],
    safeProposals: [],
    safe: null,
    filesDownloadedInPayment: false,
    ...change,
  };
}

/** The treasury Safe the server can propose to, as the batch detail names it. */
export const aTreasurySafe = { address: '0xF304B4D403855d4888ccfB09A49Ce850c0677d1B', proposing: true };

/** `aPayoutBatch()` whose payment (one transfer, 25 USDT) the root administrator started. */
export function aBatchUnderWay(): PayoutBatch {
  return aPayoutBatch({
    status: 'PAYMENT_UNDER_WAY',
    payment: {
      startedAt: at,
      startedBy: { _id: 'admin-1', name: 'Root Admin', email: 'admin@uplink.test' },
      count: 1,
      total: 25,
    },
  });
}

/** Part 1 proposed to `aTreasurySafe` at nonce 4, queued with one of two owners' confirmations. */
export function aSafeProposal(change: Partial<SafeProposal> = {}): SafeProposal {
  return {
    part: 1,
    safeAddress: aTreasurySafe.address.toLowerCase(),
    safeTxHash: `0x${'ab'.repeat(32)}`,
    nonce: '4',
    transfers: 1,
    total: 25,
    state: 'QUEUED',
    proposedAt: '2026-12-06T15:00:00.000Z',
    transactionHash: null,
    confirmations: 1,
    threshold: 2,
    ...change,
  };
}

/** An alias of Ann's mailbox: ann.lee+farm@gmail.com and a.n.n.lee@googlemail.com, both under Sam. */
const aliasMembers = [
  { _id: 'member-1', userId: 'UP1000042', firstName: 'Ann', lastName: 'Lee', email: 'ann.lee+farm@gmail.com' },
  { _id: 'member-2', userId: 'UP1000043', firstName: 'Anna', lastName: 'Lee', email: 'a.n.n.lee@googlemail.com' },
].map((member) => ({ ...member, earlierHolder: false, holdExtended: false }));

/** An open, high-severity EMAIL_ALIAS event of two accounts of one Gmail box under one sponsor. */
export function aRiskEvent(change: Partial<RiskEvent> = {}): RiskEvent {
  return {
    _id: 'event-1',
    rule: 'EMAIL_ALIAS',
    severity: 'HIGH',
    status: 'OPEN',
    members: aliasMembers,
    memberCount: aliasMembers.length,
    evidence: {
      rule: 'EMAIL_ALIAS',
      normalizedEmail: 'annlee@gmail.com',
      accounts: aliasMembers.map((member, index) => ({
        memberId: member._id,
        email: member.email,
        normalizedEmail: 'annlee@gmail.com',
        sponsorId: 'sponsor-1',
        registeredAt: `2026-03-02T10:0${index}:00.000Z`,
      })),
    },
    createdAt: '2026-03-02T10:01:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    ...change,
  };
}

/** The queue's one page of `events`, with the open statistics of all. */
export function aRiskQueue(events: RiskEvent[], statistics = { open: events.length, openHigh: 1 }): RiskEvents {
  return {
    events,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: events.length,
      resultsCount: events.length,
      limit: 20,
      hasNextPage: false,
      hasPrevPage: false,
    },
    statistics,
  };
}

/** The funnel of one member's link over a week: 5 visits, 2 registered (one through the link), one of them paid. */
export function aMemberFunnel(memberId: string): AdminFunnel {
  const funnel = funnelOf({
    visits: 5,
    throughLink: 1,
    stages: {
      REGISTERED: 1,
      EMAIL_VERIFIED: 0,
      PARTLY_PAID: 0,
      SUBSCRIPTION_PAID: 1,
      UID_LINKED: 0,
      ELIGIBLE: 0,
      EARNING: 0,
    },
  });
  return {
    from: '2026-11-30',
    to: '2026-12-06',
    memberId,
    total: { from: '2026-11-30', to: '2026-12-06', ...funnel },
    weeks: [{ weekStart: '2026-11-30', steps: funnel.steps, partlyPaid: 0 }],
    bestLinks: [],
  };
}

/** The reward plan the demo server answers: 20 % direct, 15 % over 15 levels, the default compliance line. */
export const sampleRewardPlan: RewardPlan = {
  version: 1,
  directPercent: 20,
  levelPercents: [5, 2, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
  totalLevelPercent: 15,
  compliance: { minimumExchangeBalance: 100, windowDays: 30 },
};
