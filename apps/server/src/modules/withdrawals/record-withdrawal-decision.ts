import type { WithdrawalDecision } from '@uplink/contract/withdrawals';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database, WithdrawalRow } from '../../db/schema';
import { findUserById } from '../accounts/account-repository';
import { recordAdminAction } from '../audit/audit-log-repository';
import { settleLedgerEntry } from '../ledger/ledger-repository';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { withdrawalDecisionMail } from './withdrawal-mails';
import { toAuditedWithdrawal } from './withdrawal-record';
import { recordDecision } from './withdrawals-repository';

const auditActions = {
  APPROVED: 'WITHDRAWAL_APPROVED',
  REJECTED: 'WITHDRAWAL_REJECTED',
  BLOCKED_COMPLIANCE: 'WITHDRAWAL_BLOCKED',
} as const;

/** Who decides: an administrator (with the request it came from), or the system (`actorId` null). */
export interface WithdrawalDecider {
  actorId: string | null;
  ipAddress?: string | null;
  requestId?: string | null;
  /** Added to the audit row's `after`: how a decision without an administrator was reached. */
  auditedAs?: Record<string, unknown>;
}

export interface DecisionToRecord {
  status: WithdrawalDecision;
  reason: string | null;
  internalNote: string | null;
  /** An approval's payment: its transaction and, where located, its `Transfer` log. */
  payment: { transactionHash: string; logIndex: number | null } | null;
}

/**
 * A decision on a pending withdrawal the caller has locked (`lockWithdrawal`) in its money
 * transaction: the hold posted (APPROVED) or voided, the decision and its payment written, the
 * audit row, and the member's e-mail queued — all or nothing with the caller's transaction. The
 * ledger account is locked after the withdrawal, as the lock order requires.
 */
export async function recordWithdrawalDecision(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  locked: WithdrawalRow,
  decision: DecisionToRecord,
  decider: WithdrawalDecider,
  now: Date,
): Promise<WithdrawalRow> {
  await settleLedgerEntry(trx, locked.hold_entry_id, decision.status === 'APPROVED' ? 'POST' : 'VOID', now);
  const row = await recordDecision(trx, locked.id, {
    status: decision.status,
    reason: decision.reason,
    internalNote: decision.internalNote,
    transactionHash: decision.payment?.transactionHash ?? null,
    transactionLogIndex: decision.payment?.logIndex ?? null,
    by: decider.actorId,
    at: now,
  });
  await recordAdminAction(
    trx,
    {
      actorId: decider.actorId,
      action: auditActions[decision.status],
      targetType: 'WITHDRAWAL',
      targetId: locked.id,
      before: toAuditedWithdrawal(locked),
      after: { ...toAuditedWithdrawal(row), ...decider.auditedAs },
      ipAddress: decider.ipAddress,
      requestId: decider.requestId,
    },
    now,
  );
  const member = await findUserById(trx, row.user_id);
  if (member) {
    await enqueueMail(
      trx,
      member.email,
      withdrawalDecisionMail({ firstName: member.first_name }, deps.config.publicUrl, {
        status: decision.status,
        amount: row.amount,
        walletAddress: row.wallet_address,
        reason: row.reason,
        transactionHash: row.transaction_hash,
      }),
    );
  }
  return row;
}
