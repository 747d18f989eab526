import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DepositChain, UsdtTransfer } from '../../chain/deposit-chain';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/schema';
import { countQuarantinedDepositLogs } from '../metrics/deposit-quarantine-metrics';
import { type ChainScanSettings, ConfirmedBlockScan, readSplittingRange } from './confirmed-block-scan';
import { amountBeyondLedger } from './deposit-amounts';
import { type CreditingConfig, creditSubscriptions } from './subscription-crediting';
import {
  findDepositAddress,
  membersWithUncreditedTransfers,
  quarantineTransfers,
  recordTransfers,
  type UnstorableTransfer,
  watchedDepositAddresses,
} from './subscription-repository';

export interface DepositScannerOptions extends ChainScanSettings {
  db: Kysely<Database>;
  chain: DepositChain;
  crediting: CreditingConfig;
  /** Recipient addresses per eth_getLogs (an OR-list in the recipient topic). */
  recipientBatch?: number;
  clock?: Clock;
}

export interface ScanResult {
  fromBlock: number;
  toBlock: number;
  transfersRecorded: number;
  membersCredited: number;
}

/**
 * Reads USDT `Transfer` logs to members' deposit addresses and credits subscriptions.
 *
 * Reorgs: only confirmed blocks are read, and a cursor whose block was replaced is rewound (see
 * `ConfirmedBlockScan`); the unique (tx hash, log index) key makes re-reading harmless.
 *
 * A log the deposit ledger cannot hold (a value of 10^20 USDT or more: anyone can send any
 * value of a token that lets them, and the demo token lets everyone mint) is quarantined — kept
 * as it came, logged, counted in `uplink_deposit_logs_quarantined_total` and listed for
 * administrators — and the scan goes on: one such log must not stop every later scan, nor keep
 * anyone else's payment from being credited.
 *
 * Cost: one eth_getLogs per block range × batch of recipients, plus one block lookup per range
 * (the cursor's hash) and one per block that holds a transfer (its time). It grows with the
 * blocks scanned; members only add a call per `recipientBatch` of them.
 */
export class DepositScanner {
  private readonly recipientBatch: number;
  private readonly clock: Clock;
  private readonly blocks: ConfirmedBlockScan;

  constructor(private readonly options: DepositScannerOptions) {
    this.recipientBatch = options.recipientBatch ?? 1000;
    this.clock = options.clock ?? systemClock;
    this.blocks = new ConfirmedBlockScan({
      ...options,
      cursorName: depositCursorName(options.chain),
      subject: 'deposit',
    });
  }

  /** The background job: every watched member from the cursor up to the confirmed head. */
  async scanPending(): Promise<ScanResult> {
    const { db } = this.options;
    const recipients = await watchedDepositAddresses(db);
    let transfersRecorded = 0;
    const { fromBlock, toBlock } = await this.blocks.scanFromCursor(async (start, end) => {
      transfersRecorded += await this.record(await this.readTransfers(recipients, start, end));
    });
    const credited = await creditSubscriptions(
      db,
      await membersWithUncreditedTransfers(db, this.clock.now()),
      this.options.crediting,
      this.clock.now(),
      this.options.logger,
    );
    return { fromBlock, toBlock, transfersRecorded, membersCredited: credited.length };
  }

  /**
   * On demand (GET /users/refresh-subscription): one member's address over the blocks the job
   * has not reached yet, then that member's credit. The shared cursor is left to the job.
   */
  async scanMember(memberId: string): Promise<void> {
    const { db } = this.options;
    const depositAddress = await findDepositAddress(db, memberId);
    if (!depositAddress) return;
    const { fromBlock, toBlock } = await this.blocks.pendingFromCursor();
    for (const [start, end] of this.blocks.ranges(fromBlock, toBlock)) {
      await this.record(await this.readTransfers([depositAddress.toLowerCase()], start, end));
    }
    await creditSubscriptions(db, [memberId], this.options.crediting, this.clock.now(), this.options.logger);
  }

  private async readTransfers(recipients: readonly string[], fromBlock: number, toBlock: number) {
    const transfers: UsdtTransfer[] = [];
    for (let index = 0; index < recipients.length; index += this.recipientBatch) {
      const batch = recipients.slice(index, index + this.recipientBatch);
      transfers.push(
        ...(await readSplittingRange(
          (from, to) => this.options.chain.transfersTo(batch, from, to),
          fromBlock,
          toBlock,
        )),
      );
    }
    return transfers;
  }

  /**
   * Stores new transfers with their block time (one lookup per block that holds any); those the
   * ledger cannot hold go to the quarantine instead.
   */
  private async record(read: readonly UsdtTransfer[]): Promise<number> {
    const unstorable: UnstorableTransfer[] = [];
    const transfers: UsdtTransfer[] = [];
    for (const transfer of read) {
      const reason = amountBeyondLedger(transfer.amount);
      if (reason) unstorable.push({ transfer, reason });
      else transfers.push(transfer);
    }
    await this.quarantine(unstorable);
    if (transfers.length === 0) return 0;
    const blockTimes = new Map<number, Date>();
    for (const transfer of transfers) {
      if (!blockTimes.has(transfer.blockNumber)) {
        blockTimes.set(transfer.blockNumber, await this.options.chain.blockTime(transfer.blockNumber));
      }
    }
    const withTimes = transfers.map((transfer) => ({
      ...transfer,
      blockTime: blockTimes.get(transfer.blockNumber) as Date,
    }));
    return recordTransfers(this.options.db, withTimes);
  }

  private async quarantine(unstorable: readonly UnstorableTransfer[]): Promise<void> {
    const added = await quarantineTransfers(this.options.db, unstorable, this.clock.now());
    countQuarantinedDepositLogs(added.length);
    for (const { transfer, reason } of added) {
      this.options.logger?.error(
        {
          txHash: transfer.txHash,
          logIndex: transfer.logIndex,
          to: transfer.to,
          rawAmount: transfer.rawAmount,
          reason,
        },
        'deposit log quarantined: the ledger cannot hold it',
      );
    }
  }
}

/** The cursor of the deposit scan over one chain's USDT token (a new chain or token starts its own). */
export function depositCursorName(chain: Pick<DepositChain, 'chainId' | 'tokenAddress'>): string {
  return `usdt-deposits:${chain.chainId}:${chain.tokenAddress.toLowerCase()}`;
}

/** The scanner over the app's chain client; null when no chain is configured (tests of other features). */
export function createDepositScanner(
  context: AppContext,
  logger?: DepositScannerOptions['logger'],
): DepositScanner | null {
  const chain = context.integrations.depositChain;
  if (!chain) return null;
  return new DepositScanner({
    db: context.db,
    chain,
    crediting: context.config,
    confirmations: context.config.chain.confirmations,
    startBlock: context.config.chain.depositScanStartBlock,
    clock: context.clock,
    logger,
  });
}
