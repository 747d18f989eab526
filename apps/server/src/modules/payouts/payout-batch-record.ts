import { errorTexts } from '@uplink/contract/error-codes';
import { fullName } from '@uplink/contract/format';
import { toWireMoney } from '@uplink/contract/money';
import type { PayoutBatch, PayoutBatchLine, PayoutBatchStatus } from '@uplink/contract/payout-batches';
import { Decimal } from 'decimal.js';
import { toMemberSummary } from '../../db/member-summary';
import { DomainError } from '../../domain-error';
import type { BatchLineRow, BatchSummaryRow } from './payout-batches-repository';
import { isSecondApprover } from './payout-four-eyes';

export const batchNotFound = () => new DomainError('PAYOUT_BATCH_NOT_FOUND', errorTexts.PAYOUT_BATCH_NOT_FOUND);

/**
 * PAID once every withdrawal still in it is approved; PAYMENT_UNDER_WAY from its first export or
 * demo payment until then (or until a release); otherwise OPEN, or PARTLY_PAID once part of it is
 * approved.
 */
export function batchStatus(row: Pick<BatchSummaryRow, 'lines' | 'paid' | 'payment_claimed_at'>): PayoutBatchStatus {
  if (row.paid > 0 && row.paid === row.lines) return 'PAID';
  if (row.payment_claimed_at) return 'PAYMENT_UNDER_WAY';
  return row.paid === 0 ? 'OPEN' : 'PARTLY_PAID';
}

const administrator = (id: string, firstName: string | null, lastName: string | null, email: string | null) => ({
  _id: id,
  name: fullName({ firstName: firstName ?? '', lastName: lastName ?? '' }),
  email: email ?? '',
});

/** A second administrator's approval is needed when the batch's total exceeds the limit (PAYOUT_SECOND_APPROVAL_ABOVE). */
export const approvalRequired = (total: string, secondApprovalAbove: string) =>
  new Decimal(total).greaterThan(secondApprovalAbove);

/** The approval that counts: one whose approver may still approve (none once they were demoted, suspended or removed). */
function standingApprover(row: BatchSummaryRow): string | null {
  if (!row.approved_by || row.approver_is_admin === null) return null;
  const standing = {
    is_admin: row.approver_is_admin,
    admin_role: row.approver_role,
    admin_status: row.approver_status,
  };
  return isSecondApprover(standing) ? row.approved_by : null;
}

export function toPayoutBatch(row: BatchSummaryRow, secondApprovalAbove: string): PayoutBatch {
  const required = approvalRequired(row.total, secondApprovalAbove);
  const approvedBy = standingApprover(row);
  return {
    _id: row.id,
    status: batchStatus(row),
    count: row.lines,
    paid: row.paid,
    total: toWireMoney(row.total),
    paidAmount: toWireMoney(row.paid_amount),
    createdAt: row.created_at.toISOString(),
    createdBy: administrator(row.created_by, row.creator_first_name, row.creator_last_name, row.creator_email),
    approval: {
      required,
      approvedBy: approvedBy
        ? administrator(approvedBy, row.approver_first_name, row.approver_last_name, row.approver_email)
        : null,
      approvedAt: approvedBy ? (row.approved_at?.toISOString() ?? null) : null,
    },
    exportable: !required || approvedBy !== null,
    payment:
      row.payment_claimed_at && row.payment_claimed_by
        ? {
            startedAt: row.payment_claimed_at.toISOString(),
            startedBy: administrator(
              row.payment_claimed_by,
              row.claimer_first_name,
              row.claimer_last_name,
              row.claimer_email,
            ),
            count: row.claimed,
            total: toWireMoney(row.claimed_total),
          }
        : null,
  };
}

export function toPayoutBatchLine(row: BatchLineRow): PayoutBatchLine {
  return {
    line: row.position,
    withdrawalId: row.withdrawal_id,
    user: toMemberSummary(row),
    amount: toWireMoney(row.amount),
    walletAddress: row.wallet_address,
    status: row.status,
    transactionHash: row.transaction_hash,
    logIndex: row.transaction_log_index,
  };
}
