import { fullName } from '@uplink/contract/format';
import { toWireMoney } from '@uplink/contract/money';
import { adminListPagination } from '@uplink/contract/paging';
import type {
  AdminWithdrawals,
  adminWithdrawalsQuerySchema,
  WithdrawalReview,
  WithdrawalStatistics,
  WithdrawalStatus,
} from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { demoTreasuryAvailable } from '../../config/load-config';
import { pageWindow } from '../../db/list-page';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { findUserById } from '../accounts/account-repository';
import { findLedgerBalance, findLedgerEntries } from '../ledger/ledger-repository';
import { riskMarksOf } from '../risk/risk-marks';
import { toAdminWithdrawal } from './withdrawal-record';
import {
  countWithdrawalsForReview,
  findFlaggedPayments,
  findWithdrawalForReview,
  findWithdrawalsForReview,
  findWithdrawalTotals,
} from './withdrawals-repository';

const recentLedgerEntries = 10;

/** Every member's withdrawals for the administrators' review, with the statistics of all of them. */
export async function listWithdrawalsForReview(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof adminWithdrawalsQuerySchema> & { memberId?: string },
): Promise<AdminWithdrawals> {
  const filters = { search: query.search || undefined, status: query.status, memberId: query.memberId };
  const filtered = Boolean(filters.search || filters.status || filters.memberId);
  const [rows, totals, filteredTotal] = await Promise.all([
    findWithdrawalsForReview(deps.readDb, filters, query.sort, pageWindow(query)),
    findWithdrawalTotals(deps.readDb),
    filtered ? countWithdrawalsForReview(deps.readDb, filters) : undefined,
  ]);
  const statistics = toStatistics(totals);
  const total = filteredTotal ?? statistics.total;
  const riskOf = await riskMarksOf(
    deps.readDb,
    rows.map((row) => row.user_id),
  );
  return {
    withdrawals: rows.map((row) => toAdminWithdrawal(row, riskOf(row.user_id))),
    pagination: adminListPagination(query.page, query.limit, total, rows.length),
    statistics,
  };
}

/** One member's withdrawals for the administrators' review; an id no member has is not found. */
export async function listMemberWithdrawalsForReview(
  deps: Pick<AppContext, 'readDb'>,
  memberId: string,
  query: z.output<typeof adminWithdrawalsQuerySchema>,
): Promise<AdminWithdrawals> {
  const member = await findUserById(deps.readDb, memberId);
  if (!member || member.deleted_at) throw new DomainError('USER_NOT_FOUND', 'User not found');
  return listWithdrawalsForReview(deps, { ...query, memberId });
}

function toStatistics(
  totals: { status: WithdrawalStatus; withdrawals: string; amount: string }[],
): WithdrawalStatistics {
  const of = (status: WithdrawalStatus) =>
    totals.find((row) => row.status === status) ?? { withdrawals: '0', amount: '0' };
  const count = (status: WithdrawalStatus) => Number(of(status).withdrawals);
  return {
    total: totals.reduce((sum, row) => sum + Number(row.withdrawals), 0),
    pending: count('PENDING'),
    approved: count('APPROVED'),
    rejected: count('REJECTED'),
    blocked: count('BLOCKED_COMPLIANCE'),
    totalApprovedAmount: toWireMoney(of('APPROVED').amount),
    totalPendingAmount: toWireMoney(of('PENDING').amount),
    totalAmount: toWireMoney(new Decimal(of('APPROVED').amount).plus(of('PENDING').amount)),
  };
}

/** One withdrawal with the member's balance and latest ledger entries, for the decision. */
export async function viewWithdrawalForReview(
  deps: Pick<AppContext, 'db' | 'config'>,
  id: string,
): Promise<WithdrawalReview> {
  const row = isUuid(id) ? await findWithdrawalForReview(deps.db, id) : undefined;
  if (!row) throw new DomainError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
  const [balance, entries, flagged, riskOf] = await Promise.all([
    findLedgerBalance(deps.db, row.user_id),
    findLedgerEntries(deps.db, row.user_id, recentLedgerEntries),
    findFlaggedPayments(deps.db, row.id),
    riskMarksOf(deps.db, [row.user_id]),
  ]);
  return {
    withdrawal: toAdminWithdrawal(row, riskOf(row.user_id)),
    balance: {
      available: toWireMoney(balance?.available ?? '0'),
      totalEarned: toWireMoney(balance?.creditsPosted ?? '0'),
      totalWithdrawn: toWireMoney(balance?.debitsPosted ?? '0'),
      onHold: toWireMoney(balance?.debitsPending ?? '0'),
    },
    ledger: entries.map((entry) => ({
      kind: entry.kind,
      amount: toWireMoney(entry.amount),
      reasonType: entry.reason_type,
      createdAt: entry.created_at.toISOString(),
    })),
    decidedBy:
      row.status === 'PENDING'
        ? null
        : row.processed_by
          ? {
              kind: 'ADMINISTRATOR',
              name: fullName({
                firstName: row.processed_by_first_name ?? '',
                lastName: row.processed_by_last_name ?? '',
              }),
            }
          : { kind: 'TREASURY_RECONCILIATION', name: null },
    demoTreasury: demoTreasuryAvailable(deps.config),
    paymentUnderWay: row.payment_claimed_at
      ? {
          claimedAt: row.payment_claimed_at.toISOString(),
          claimedBy: row.payment_claimed_by_email ?? '',
          transactionHash: row.payment_claim_hash,
          batchId: row.payment_claim_batch,
        }
      : null,
    flaggedPayments: flagged.map((payment) => ({
      transactionHash: payment.transaction_hash,
      withdrawalStatus: payment.withdrawal_status,
      recordedAt: payment.recorded_at.toISOString(),
      recordedBy: payment.recorded_by_email,
    })),
  };
}
