import type { UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import type { Database, WithdrawalRow } from '../../db/schema';
import { recordAdminAction } from '../audit/audit-log-repository';
import { ConfirmedBlockScan, readSplittingRange } from '../subscription/confirmed-block-scan';
import type { DepositChain, UsdtTransfer } from '../subscription/deposit-chain';
import { recordWithdrawalDecision } from '../withdrawals/record-withdrawal-decision';
import { countFlaggedWithdrawalPayment } from '../withdrawals/withdrawal-payment-metrics';
import { flagPayment, lockWithdrawal } from '../withdrawals/withdrawals-repository';
import {
  findDecidedWithdrawalPaidBy,
  findPendingWithdrawalPaidBy,
  findWithdrawalOfPayment,
  insertTreasuryTransfer,
  storedTransferKeys,
  type TransferOutcome,
  transferKey,
} from './treasury-transfers-repository';

type ReconciliationDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker'>;

export interface TreasuryReconciliationOptions {
  chain: DepositChain;
  /** Blocks, the payment's own included, before a payment counts (as for deposits). */
  confirmations: number;
  /** Where a reconciliation without a cursor begins; unset: the current confirmed head. */
  startBlock?: number;
  /** Blocks per eth_getLogs; halved automatically when a node refuses a range as too large. */
  blockRange?: number;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
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

type FlaggedWithdrawal = Pick<WithdrawalRow, 'id' | 'status'>;

/** Thrown inside a transfer's transaction when another run stored it first: that run decided it. */
class StoredMeanwhile extends Error {}

/**
 * Follows the treasury's outgoing USDT transfers on chain and approves the withdrawals they pay.
 *
 * Each confirmed block range is one eth_getLogs with every treasury address in the sender topic,
 * so the calls grow with the blocks read, never with the withdrawals paid. Each log is then
 * decided in its own money transaction under the withdrawal's row lock:
 *
 * - recipient (any letter case) and exact amount of a pending withdrawal: approved with that hash
 *   and log index through the administrators' approval path (hold posted, member e-mailed, audit
 *   row with no actor and the reconciliation named), a payment claim standing or not;
 * - the log already proves a withdrawal (an administrator approved it with the hash): stored as
 *   its payment, nothing else;
 * - otherwise stored as unmatched with its reason, audited, and nothing else changes: paid after
 *   the withdrawal was rejected or blocked (WITHDRAWAL_CLOSED, also flagged on the withdrawal as a
 *   recorded payment would be), a second payment of an approved one (WITHDRAWAL_ALREADY_PAID), or
 *   no withdrawal at all (NO_PENDING_WITHDRAWAL).
 *
 * Reorgs as for deposits (`ConfirmedBlockScan`): nothing is decided from an unconfirmed block, and
 * a transfer is stored once by (transaction hash, log index), so reading a range again is harmless.
 */
export class TreasuryReconciliation {
  private readonly blocks: ConfirmedBlockScan;

  constructor(
    private readonly deps: ReconciliationDeps,
    private readonly options: TreasuryReconciliationOptions,
  ) {
    this.blocks = new ConfirmedBlockScan({
      db: deps.db,
      chain: options.chain,
      cursorName: treasuryCursorName(options.chain),
      confirmations: options.confirmations,
      startBlock: options.startBlock,
      blockRange: options.blockRange ?? 5000,
      subject: 'treasury',
      logger: options.logger,
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
      for (const transfer of fresh) {
        const outcome = await this.decide(transfer);
        if (!outcome) continue;
        result.transfersRead += 1;
        if (outcome.reason) result.unmatched += 1;
        else if (outcome.approved) result.approved += 1;
      }
    });
    if (result.approved > 0) this.deps.mailWorker.wake();
    return { fromBlock, toBlock, ...result };
  }

  /** One transfer, in one transaction; null when another run stored it meanwhile. */
  private async decide(transfer: UsdtTransfer): Promise<(TransferOutcome & { approved: boolean }) | null> {
    const now = this.deps.clock.now();
    // Set by the transaction that committed (a retried one starts over).
    const flagged: { withdrawal: FlaggedWithdrawal | null } = { withdrawal: null };
    try {
      const outcome = await moneyTransaction(this.deps.db, async (trx) => {
        flagged.withdrawal = null;
        const decided = await this.outcomeOf(trx, transfer, now);
        if (decided.reason === 'WITHDRAWAL_CLOSED' && decided.withdrawal) {
          if (await flagPayment(trx, decided.withdrawal, transfer.txHash, null, now)) {
            flagged.withdrawal = decided.withdrawal;
          }
        }
        const outcome = { withdrawalId: decided.withdrawal?.id ?? null, reason: decided.reason };
        if (!(await insertTreasuryTransfer(trx, transfer, outcome, now))) throw new StoredMeanwhile();
        if (outcome.reason) await auditUnmatched(trx, transfer, outcome, now);
        return { ...outcome, approved: decided.approved };
      });
      this.reportFlagged(flagged.withdrawal, transfer);
      return outcome;
    } catch (error) {
      if (error instanceof StoredMeanwhile) return null;
      throw error;
    }
  }

  private async outcomeOf(
    trx: Kysely<Database>,
    transfer: UsdtTransfer,
    now: Date,
  ): Promise<{ withdrawal: FlaggedWithdrawal | null; reason: UnmatchedTransferReason | null; approved: boolean }> {
    const proven = await findWithdrawalOfPayment(trx, transfer);
    if (proven) return { withdrawal: { ...proven, status: 'APPROVED' }, reason: null, approved: false };
    const pendingId = await findPendingWithdrawalPaidBy(trx, transfer);
    const locked = pendingId ? await lockWithdrawal(trx, pendingId) : undefined;
    if (locked?.status === 'PENDING') {
      const approved = await recordWithdrawalDecision(
        trx,
        this.deps,
        locked,
        {
          status: 'APPROVED',
          reason: null,
          internalNote: null,
          payment: { transactionHash: transfer.txHash, logIndex: transfer.logIndex },
        },
        {
          actorId: null,
          auditedAs: {
            decidedBy: reconciliationActor,
            logIndex: transfer.logIndex,
            blockNumber: transfer.blockNumber,
            from: transfer.from,
          },
        },
        now,
      );
      return { withdrawal: approved, reason: null, approved: true };
    }
    // Not pending (any more): an administrator may have approved it with this very log since the first read.
    const decided = locked ?? (await findDecidedWithdrawalPaidBy(trx, transfer));
    if (!decided) return { withdrawal: null, reason: 'NO_PENDING_WITHDRAWAL', approved: false };
    if (decided.transaction_hash === transfer.txHash && decided.transaction_log_index === transfer.logIndex) {
      return { withdrawal: decided, reason: null, approved: false };
    }
    return {
      withdrawal: decided,
      reason: decided.status === 'APPROVED' ? 'WITHDRAWAL_ALREADY_PAID' : 'WITHDRAWAL_CLOSED',
      approved: false,
    };
  }

  private reportFlagged(withdrawal: FlaggedWithdrawal | null, transfer: UsdtTransfer): void {
    if (!withdrawal) return;
    countFlaggedWithdrawalPayment();
    this.options.logger?.warn(
      { withdrawalId: withdrawal.id, status: withdrawal.status, transactionHash: transfer.txHash },
      'treasury paid a withdrawal already rejected or blocked: flagged for the administrators',
    );
  }
}

function auditUnmatched(trx: Kysely<Database>, transfer: UsdtTransfer, outcome: TransferOutcome, now: Date) {
  return recordAdminAction(
    trx,
    {
      actorId: null,
      action: 'TREASURY_TRANSFER_UNMATCHED',
      targetType: 'TREASURY_TRANSFER',
      targetId: transferKey(transfer.txHash, transfer.logIndex),
      after: {
        decidedBy: reconciliationActor,
        transactionHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        from: transfer.from,
        to: transfer.to,
        amount: transfer.amount,
        reason: outcome.reason,
        withdrawalId: outcome.withdrawalId,
      },
    },
    now,
  );
}

/** The cursor of the reconciliation over one chain's USDT token (its own, beside the deposit scan's). */
export function treasuryCursorName(chain: Pick<DepositChain, 'chainId' | 'tokenAddress'>): string {
  return `usdt-treasury:${chain.chainId}:${chain.tokenAddress.toLowerCase()}`;
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
