import type { UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import type { DepositChain, UsdtTransfer } from '../../chain/deposit-chain';
import { moneyTransaction } from '../../db/money-transaction';
import type { WithdrawalRow } from '../../db/schema';
import { type AdminAction, recordAdminActions } from '../audit/audit-log-repository';
import { refreshSafeProposals } from '../payouts/safe-proposal-states';
import { type ChainScanSettings, ConfirmedBlockScan, readSplittingRange } from '../subscription/confirmed-block-scan';
import { type LockedDecision, recordWithdrawalDecisions } from '../withdrawals/record-withdrawal-decision';
import { recordSeenTreasuryTransfers, treasuryCursorName } from '../withdrawals/seen-treasury-transfers';
import { countFlaggedWithdrawalPayment } from '../withdrawals/withdrawal-payment-metrics';
import { type FlaggedPayment, flagPayments } from '../withdrawals/withdrawals-repository';
import {
  findDecidedWithdrawalsPaidBy,
  findWithdrawalsOfPayments,
  insertFreshTransfers,
  lockPendingWithdrawalsPaidBy,
  owedKey,
  recordTransferOutcomes,
  storedTransferKeys,
  type TransferOutcome,
  transferKey,
} from './treasury-transfers-repository';

type ReconciliationDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker'>;

export interface TreasuryReconciliationOptions extends ChainScanSettings {
  chain: DepositChain;
}

export interface ReconciliationResult {
  fromBlock: number;
  toBlock: number;
  /** Transfers read for the first time. */
  transfersRead: number;
  approved: number;
  unmatched: number;
}

/** How the audit log names the decisions the reconciliation makes (it has no administrator). */
export const reconciliationActor = 'TREASURY_RECONCILIATION';

/** Transfers decided per money transaction: a range's are cut in chunks of this many. */
export const reconciliationChunk = 2_000;

/** A chunk's counts, and the closed withdrawals it flagged (reported once it committed). */
interface ChunkResult {
  transfersRead: number;
  approved: number;
  unmatched: number;
  flagged: FlaggedPayment[];
}

/**
 * Follows the treasury's outgoing USDT transfers on chain and approves the withdrawals they pay.
 *
 * Each confirmed block range is one eth_getLogs with every treasury address in the sender topic,
 * so the calls grow with the blocks read, never with the withdrawals paid. The range's new logs
 * are then decided in set-based statements, one money transaction per chunk of
 * `reconciliationChunk` logs, in the order they happened:
 *
 * - recipient (any letter case) and exact amount of a pending withdrawal: approved with that hash
 *   and log index through the administrators' decision path (hold posted, member e-mailed, audit
 *   row with no actor and the reconciliation named), a payment claim standing or not — the first
 *   log paying it; a later one is a second payment;
 * - the log already proves a withdrawal (an administrator approved it with the hash): stored as
 *   its payment, nothing else;
 * - otherwise stored as unmatched with its reason, audited, and nothing else changes: paid after
 *   the withdrawal was rejected or blocked (WITHDRAWAL_CLOSED, also flagged on the withdrawal),
 *   a second payment of an approved one (WITHDRAWAL_ALREADY_PAID), or no withdrawal at all
 *   (NO_PENDING_WITHDRAWAL).
 *
 * Reorgs as for deposits (`ConfirmedBlockScan`): nothing is decided from an unconfirmed block, and
 * a transfer is stored once by (transaction hash, log index), so reading a range again is harmless.
 *
 * A payment seen is a payment made: after the confirmed blocks, every run records the treasury's
 * transfers in the blocks past them, from the block they are mined in
 * (`recordSeenTreasuryTransfers`), so their withdrawals are paid by nothing else meanwhile; a reorg
 * that drops one lifts that.
 */
export class TreasuryReconciliation {
  private readonly blocks: ConfirmedBlockScan;

  constructor(
    private readonly deps: ReconciliationDeps,
    private readonly options: TreasuryReconciliationOptions,
  ) {
    this.blocks = new ConfirmedBlockScan({
      ...options,
      db: deps.db,
      cursorName: treasuryCursorName(options.chain),
      subject: 'treasury',
    });
  }

  async reconcile(): Promise<ReconciliationResult> {
    const treasuries = this.deps.config.withdrawals.treasuryAddresses;
    const result = { transfersRead: 0, approved: 0, unmatched: 0 };
    const { fromBlock, toBlock } = await this.blocks.scanFromCursor(async (start, end) => {
      const read = await readSplittingRange(
        (from, to) => this.options.chain.transfersFrom(treasuries, from, to),
        start,
        end,
      );
      const stored = await storedTransferKeys(this.deps.db, read);
      const fresh = read
        .filter((transfer) => !stored.has(transferKey(transfer.txHash, transfer.logIndex)))
        .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
      for (let index = 0; index < fresh.length; index += reconciliationChunk) {
        const chunk = await this.decideChunk(fresh.slice(index, index + reconciliationChunk));
        result.transfersRead += chunk.transfersRead;
        result.approved += chunk.approved;
        result.unmatched += chunk.unmatched;
        for (const payment of chunk.flagged) this.reportFlagged(payment);
      }
    });
    // The blocks past those just decided: their transfers are seen, and their withdrawals not paid again.
    await recordSeenTreasuryTransfers(this.deps, this.options.chain);
    // The treasury Safe's proposals executed, failed or replaced since: a replaced one releases its batch.
    await refreshSafeProposals(this.deps);
    if (result.approved > 0) this.deps.mailWorker.wake();
    return { fromBlock, toBlock, ...result };
  }

  /** One chunk of transfers, in order, in one money transaction; those another run stored meanwhile are its. */
  private decideChunk(transfers: readonly UsdtTransfer[]): Promise<ChunkResult> {
    const now = this.deps.clock.now();
    return moneyTransaction(this.deps.db, async (trx) => {
      const storedHere = await insertFreshTransfers(trx, transfers, now);
      const fresh = transfers.filter((transfer) => storedHere.has(transferKey(transfer.txHash, transfer.logIndex)));
      if (fresh.length === 0) return { transfersRead: 0, approved: 0, unmatched: 0, flagged: [] };
      const pending = new Map(
        (await lockPendingWithdrawalsPaidBy(trx, fresh)).map((row) => [owedKey(row.wallet_address, row.amount), row]),
      );
      const proven = await findWithdrawalsOfPayments(trx, fresh);
      const decided = await findDecidedWithdrawalsPaidBy(trx, fresh);

      const approvals: LockedDecision[] = [];
      const outcomes: (TransferOutcome & UsdtTransfer)[] = [];
      const closedPayments: FlaggedPayment[] = [];
      for (const transfer of fresh) {
        const owed = owedKey(transfer.to, transfer.amount);
        const provenId = proven.get(transferKey(transfer.txHash, transfer.logIndex));
        const payable = pending.get(owed);
        if (provenId) {
          outcomes.push({ ...transfer, withdrawalId: provenId, reason: null });
        } else if (payable) {
          pending.delete(owed);
          approvals.push(this.approval(payable, transfer));
          // A later log to the same recipient and amount is a second payment of this one.
          decided.set(owed, {
            ...payable,
            status: 'APPROVED',
            transaction_hash: transfer.txHash,
            transaction_log_index: transfer.logIndex,
          });
          outcomes.push({ ...transfer, withdrawalId: payable.id, reason: null });
        } else {
          const paid = decided.get(owed);
          const reason = !paid ? 'NO_PENDING_WITHDRAWAL' : unmatchedReason(paid, transfer);
          outcomes.push({ ...transfer, withdrawalId: paid?.id ?? null, reason });
          if (paid && reason === 'WITHDRAWAL_CLOSED')
            closedPayments.push({ withdrawal: paid, transactionHash: transfer.txHash });
        }
      }
      await recordWithdrawalDecisions(trx, this.deps, approvals, { actorId: null }, now);
      await recordTransferOutcomes(trx, outcomes);
      const unmatched = outcomes.filter((outcome) => outcome.reason);
      await recordAdminActions(
        trx,
        unmatched.map((outcome) => unmatchedAudit(outcome)),
        now,
      );
      const flagged = await flagPayments(trx, closedPayments, now);
      return { transfersRead: fresh.length, approved: approvals.length, unmatched: unmatched.length, flagged };
    });
  }

  private approval(locked: WithdrawalRow, transfer: UsdtTransfer): LockedDecision {
    return {
      locked,
      decision: {
        status: 'APPROVED',
        reason: null,
        internalNote: null,
        payment: { transactionHash: transfer.txHash, logIndex: transfer.logIndex },
      },
      auditedAs: {
        decidedBy: reconciliationActor,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        from: transfer.from,
      },
    };
  }

  private reportFlagged({ withdrawal, transactionHash }: FlaggedPayment): void {
    countFlaggedWithdrawalPayment();
    this.options.logger?.warn(
      { withdrawalId: withdrawal.id, status: withdrawal.status, transactionHash },
      'treasury paid a withdrawal already rejected or blocked: flagged for the administrators',
    );
  }
}

/**
 * Why a transfer to a decided withdrawal proves nothing new: none when it is that withdrawal's own
 * recorded payment (an administrator approved it with this log meanwhile); a second payment of an
 * approved one; a payment of one rejected or blocked.
 */
function unmatchedReason(
  paid: Pick<WithdrawalRow, 'status' | 'transaction_hash' | 'transaction_log_index'>,
  transfer: UsdtTransfer,
): UnmatchedTransferReason | null {
  if (paid.transaction_hash === transfer.txHash && paid.transaction_log_index === transfer.logIndex) return null;
  return paid.status === 'APPROVED' ? 'WITHDRAWAL_ALREADY_PAID' : 'WITHDRAWAL_CLOSED';
}

function unmatchedAudit(outcome: TransferOutcome & UsdtTransfer): AdminAction {
  return {
    actorId: null,
    action: 'TREASURY_TRANSFER_UNMATCHED',
    targetType: 'TREASURY_TRANSFER',
    targetId: transferKey(outcome.txHash, outcome.logIndex),
    after: {
      decidedBy: reconciliationActor,
      transactionHash: outcome.txHash,
      logIndex: outcome.logIndex,
      blockNumber: outcome.blockNumber,
      from: outcome.from,
      to: outcome.to,
      amount: outcome.amount,
      reason: outcome.reason,
      withdrawalId: outcome.withdrawalId,
    },
  };
}

/** The reconciliation over the app's chain client; null when no chain is configured. */
export function createTreasuryReconciliation(
  context: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker' | 'integrations'>,
  logger?: TreasuryReconciliationOptions['logger'],
): TreasuryReconciliation | null {
  const chain = context.integrations.depositChain;
  if (!chain) return null;
  return new TreasuryReconciliation(context, {
    chain,
    confirmations: context.config.chain.confirmations,
    startBlock: context.config.chain.depositScanStartBlock,
    logger,
  });
}
