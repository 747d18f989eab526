import type { WithdrawalDecision } from '@uplink/contract/withdrawals';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database, WithdrawalRow } from '../../db/schema';
import { recordAdminActions } from '../audit/audit-log-repository';
import { lockLedgerAccounts, settleLedgerEntries } from '../ledger/ledger-repository';
import { enqueueMails } from '../mail/mail-outbox-repository';
import { withdrawalDecisionMail } from './withdrawal-mails';
import { toAuditedWithdrawal } from './withdrawal-record';
import { findMembersToTell, recordDecisions } from './withdrawals-repository';

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
}

export interface DecisionToRecord {
  status: WithdrawalDecision;
  reason: string | null;
  internalNote: string | null;
  /** An approval's payment: its transaction and, where located, its `Transfer` log. */
  payment: { transactionHash: string; logIndex: number | null } | null;
}

/** A decision on one locked withdrawal; `auditedAs` is added to its audit row's `after` (how a system decision was reached). */
export interface LockedDecision {
  locked: WithdrawalRow;
  decision: DecisionToRecord;
  auditedAs?: Record<string, unknown>;
}

/**
 * Decisions on pending withdrawals the caller has locked (`lockWithdrawal`, or in id order for
 * many) in its money transaction, set-based whatever their number: the holds posted (APPROVED)
 * or voided, the decisions and their payments written, one audit row and one e-mail to the member
 * each — all or nothing with the caller's transaction. The ledger accounts are locked after the
 * withdrawals, in id order, as the lock order requires. Resolves the decided rows in the order given.
 */
export async function recordWithdrawalDecisions(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  decisions: readonly LockedDecision[],
  decider: WithdrawalDecider,
  now: Date,
): Promise<WithdrawalRow[]> {
  if (decisions.length === 0) return [];
  await lockLedgerAccounts(
    trx,
    decisions.map(({ locked }) => locked.user_id),
  );
  await settleLedgerEntries(
    trx,
    decisions.map(({ locked, decision }) => ({
      pendingEntryId: locked.hold_entry_id,
      settlement: decision.status === 'APPROVED' ? 'POST' : 'VOID',
    })),
    now,
  );
  const written = await recordDecisions(
    trx,
    decisions.map(({ locked, decision }) => ({
      id: locked.id,
      status: decision.status,
      reason: decision.reason,
      internalNote: decision.internalNote,
      transactionHash: decision.payment?.transactionHash ?? null,
      transactionLogIndex: decision.payment?.logIndex ?? null,
    })),
    decider.actorId,
    now,
  );
  const byId = new Map(written.map((row) => [row.id, row]));
  const decided = decisions.map(({ locked }) => {
    const row = byId.get(locked.id);
    // The caller holds the row lock on a pending withdrawal: a miss is a bug, never a race.
    if (!row) throw new Error(`withdrawal ${locked.id} was not pending under its lock`);
    return row;
  });
  await recordAdminActions(
    trx,
    decisions.map(({ locked, decision, auditedAs }, index) => ({
      actorId: decider.actorId,
      action: auditActions[decision.status],
      targetType: 'WITHDRAWAL' as const,
      targetId: locked.id,
      before: toAuditedWithdrawal(locked),
      after: { ...toAuditedWithdrawal(decided[index] as WithdrawalRow), ...auditedAs },
      ipAddress: decider.ipAddress,
      requestId: decider.requestId,
    })),
    now,
  );
  const members = await findMembersToTell(
    trx,
    decided.map((row) => row.user_id),
  );
  await enqueueMails(
    trx,
    decided.flatMap((row) => {
      const member = members.get(row.user_id);
      if (!member) return [];
      const content = withdrawalDecisionMail({ firstName: member.firstName }, deps.config.publicUrl, {
        status: row.status as WithdrawalDecision,
        amount: row.amount,
        walletAddress: row.wallet_address,
        reason: row.reason,
        transactionHash: row.transaction_hash,
      });
      return [{ to: member.email, content }];
    }),
  );
  return decided;
}
