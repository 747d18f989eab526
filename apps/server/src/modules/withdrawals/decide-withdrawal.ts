import type { Withdrawal, WithdrawalDecision } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError, validationFailed } from '../../http/domain-error';
import { findUserById } from '../accounts/account-repository';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { isLedgerOverdraft, settleLedgerEntry } from '../ledger/ledger-repository';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { checkPayoutOnChain } from './payout-proof';
import { withdrawalDecisionMail } from './withdrawal-mails';
import { toWithdrawal } from './withdrawal-record';
import { findWithdrawal, isTransactionUsed, lockWithdrawal, recordDecision } from './withdrawals-repository';

export interface DecisionInput {
  status: WithdrawalDecision;
  reason?: string;
  transactionHash?: string;
}

const auditActions = {
  APPROVED: 'WITHDRAWAL_APPROVED',
  REJECTED: 'WITHDRAWAL_REJECTED',
  BLOCKED_COMPLIANCE: 'WITHDRAWAL_BLOCKED',
} as const;

const notFound = () => new DomainError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
const alreadyProcessed = () =>
  new DomainError('WITHDRAWAL_ALREADY_PROCESSED', 'This withdrawal has already been processed.');

/**
 * An administrator's decision, once: APPROVED (paid: the hold is posted, after the payment is
 * found on chain), REJECTED or BLOCKED_COMPLIANCE (the hold is voided, the amount is available
 * again). The decision, the ledger settlement, the audit row and the member's e-mail are one
 * transaction under the withdrawal's row lock, so concurrent decisions make exactly one.
 */
export async function decideWithdrawal(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations' | 'mailWorker'>,
  administrator: RequestingAdministrator,
  withdrawalId: string,
  decision: DecisionInput,
): Promise<Withdrawal> {
  const { db, clock, config } = deps;
  const current = isUuid(withdrawalId) ? await findWithdrawal(db, withdrawalId) : undefined;
  if (!current) throw notFound();
  if (current.status !== 'PENDING') throw alreadyProcessed();
  const transactionHash = decision.status === 'APPROVED' ? (decision.transactionHash ?? '').toLowerCase() : null;
  if (transactionHash) await checkPayoutOnChain(deps, current, transactionHash);

  const decided = await db.transaction().execute(async (trx) => {
    const locked = await lockWithdrawal(trx, withdrawalId);
    if (!locked) throw notFound();
    if (locked.status !== 'PENDING') throw alreadyProcessed();
    const now = clock.now();
    try {
      await settleLedgerEntry(trx, locked.hold_entry_id, decision.status === 'APPROVED' ? 'POST' : 'VOID', now);
      const row = await recordDecision(trx, withdrawalId, {
        status: decision.status,
        reason: decision.reason?.trim() || null,
        transactionHash,
        by: administrator.id,
        at: now,
      });
      await recordAdminAction(
        trx,
        {
          actorId: administrator.id,
          action: auditActions[decision.status],
          targetType: 'WITHDRAWAL',
          targetId: withdrawalId,
          before: toWithdrawal(locked),
          after: toWithdrawal(row),
          ipAddress: administrator.ipAddress,
          requestId: administrator.requestId,
        },
        now,
      );
      const member = await findUserById(trx, row.user_id);
      if (member) {
        await enqueueMail(
          trx,
          member.email,
          withdrawalDecisionMail({ firstName: member.first_name }, config.publicUrl, {
            status: decision.status,
            amount: row.amount,
            walletAddress: row.wallet_address,
            reason: row.reason,
            transactionHash: row.transaction_hash,
          }),
        );
      }
      return row;
    } catch (error) {
      if (isLedgerOverdraft(error)) {
        throw new DomainError(
          'INSUFFICIENT_BALANCE_FOR_APPROVAL',
          'The balance is too low to approve this withdrawal.',
        );
      }
      if (isTransactionUsed(error)) {
        throw validationFailed([
          { field: 'transactionHash', message: 'This transaction already proves another withdrawal' },
        ]);
      }
      throw error;
    }
  });
  deps.mailWorker.wake();
  return toWithdrawal(decided);
}
