import { errorTexts } from '@uplink/contract/error-codes';
import { fullName } from '@uplink/contract/format';
import { toWireMoney } from '@uplink/contract/money';
import type { PayoutBatch, PayoutBatchLine, PayoutBatchStatus } from '@uplink/contract/payout-batches';
import { Decimal } from 'decimal.js';
import { DomainError } from '../../domain-error';
import type { BatchLineRow, BatchSummaryRow } from './payout-batches-repository';

export const batchNotFound = () => new DomainError('PAYOUT_BATCH_NOT_FOUND', errorTexts.PAYOUT_BATCH_NOT_FOUND);

/** OPEN until a withdrawal in it is approved; PAID once every withdrawal still in it is. */
export function batchStatus(row: Pick<BatchSummaryRow, 'lines' | 'paid'>): PayoutBatchStatus {
  if (row.paid === 0) return 'OPEN';
  return row.paid === row.lines ? 'PAID' : 'PARTLY_PAID';
}

/** A second administrator's approval is needed when the batch's total exceeds the limit (PAYOUT_SECOND_APPROVAL_ABOVE). */
export const approvalRequired = (total: string, secondApprovalAbove: string) =>
  new Decimal(total).greaterThan(secondApprovalAbove);

export function toPayoutBatch(row: BatchSummaryRow, secondApprovalAbove: string): PayoutBatch {
  const required = approvalRequired(row.total, secondApprovalAbove);
  return {
    _id: row.id,
    status: batchStatus(row),
    count: row.lines,
    paid: row.paid,
    total: toWireMoney(row.total),
    paidAmount: toWireMoney(row.paid_amount),
    createdAt: row.created_at.toISOString(),
    createdBy: {
      _id: row.created_by,
      name: fullName({ firstName: row.creator_first_name, lastName: row.creator_last_name }),
      email: row.creator_email,
    },
    approval: {
      required,
      approvedBy: row.approved_by
        ? {
            _id: row.approved_by,
            name: fullName({ firstName: row.approver_first_name ?? '', lastName: row.approver_last_name ?? '' }),
            email: row.approver_email ?? '',
          }
        : null,
      approvedAt: row.approved_at?.toISOString() ?? null,
    },
    exportable: !required || row.approved_by !== null,
  };
}

export function toPayoutBatchLine(row: BatchLineRow): PayoutBatchLine {
  return {
    line: row.position,
    withdrawalId: row.withdrawal_id,
    user: {
      _id: row.user_id,
      firstName: row.member_first_name,
      lastName: row.member_last_name,
      email: row.member_email,
      userId: row.member_user_number,
    },
    amount: toWireMoney(row.amount),
    walletAddress: row.wallet_address,
    status: row.status,
    transactionHash: row.transaction_hash,
    logIndex: row.transaction_log_index,
  };
}
