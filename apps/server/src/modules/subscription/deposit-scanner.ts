import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/schema';
import { countQuarantinedDepositLogs } from '../metrics/deposit-quarantine-metrics';
import { amountBeyondLedger } from './deposit-amounts';
import type { DepositChain, UsdtTransfer } from './deposit-chain';
import { type CreditingConfig, creditSubscriptions } from './subscription-crediting';
import {
  findCursor,
  findDepositAddress,
  membersWithUncreditedTransfers,
  quarantineTransfers,
  recordTransfers,
  saveCursor,
  type UnstorableTransfer,
  watchedDepositAddresses,
} from './subscription-repository';

export interface DepositScannerOptions {
  db: Kysely<Database>;
  chain: DepositChain;
  crediting: CreditingConfig;
  /** Blocks, the transfer's own included, before a transfer counts. */
  confirmations: number;
  /** Where a scanner without a cursor begins; unset: the current confirmed head (nothing older is read). */
  startBlock?: number;
  /** Blocks per eth_getLogs; halved automatically when a node refuses a range as too large. */
  blockRange?: number;
  /** Recipient addresses per eth_getLogs (an OR-list in the recipient topic). */
  recipientBatch?: number;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
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
 * Reorgs: the scanner only ever reads blocks that already have `confirmations` confirmations
 * (up to head − confirmations + 1), so a reorg shallower than that never touches what it has
 * read, and nothing is credited from a block that could still be replaced. The cursor keeps the
 * hash of the last scanned block; if the chain no longer has that block (a reorg deeper than the
 * confirmation depth, or a reset dev chain) the scanner logs it and re-reads from further back —
 * the unique (tx hash, log index) key makes re-reading harmless.
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
  private readonly blockRange: number;
  private readonly recipientBatch: number;
  private readonly cursorName: string;
  private readonly clock: Clock;

  constructor(private readonly options: DepositScannerOptions) {
    this.blockRange = options.blockRange ?? 5000;
    this.recipientBatch = options.recipientBatch ?? 1000;
    this.cursorName = depositCursorName(options.chain);
    this.clock = options.clock ?? systemClock;
  }

  /** The background job: every watched member from the cursor up to the confirmed head. */
  async scanPending(): Promise<ScanResult> {
    const { db, chain } = this.options;
    const confirmedHead = await this.confirmedHead();
    const fromBlock = await this.resumeBlock(confirmedHead);
    const recipients = await watchedDepositAddresses(db);
    let transfersRecorded = 0;
    for (let start = fromBlock; start <= confirmedHead; start += this.blockRange) {
      const end = Math.min(start + this.blockRange - 1, confirmedHead);
      const transfers = await this.readTransfers(recipients, start, end);
      transfersRecorded += await this.record(transfers);
      // The hash lets the next run notice a chain that changed under the cursor.
      await saveCursor(db, this.cursorName, { lastBlock: end, lastBlockHash: await chain.blockHash(end) });
    }
    const credited = await creditSubscriptions(
      db,
      await membersWithUncreditedTransfers(db, this.clock.now()),
      this.options.crediting,
      this.clock.now(),
      this.options.logger,
    );
    return { fromBlock, toBlock: confirmedHead, transfersRecorded, membersCredited: credited.length };
  }

  /**
   * On demand (GET /users/refresh-subscription): one member's address over the blocks the job
   * has not reached yet, then that member's credit. The shared cursor is left to the job.
   */
  async scanMember(memberId: string): Promise<void> {
    const { db } = this.options;
    const depositAddress = await findDepositAddress(db, memberId);
    if (!depositAddress) return;
    const confirmedHead = await this.confirmedHead();
    const cursor = await findCursor(db, this.cursorName);
    const fromBlock =
      cursor && cursor.lastBlock <= confirmedHead ? cursor.lastBlock + 1 : await this.firstBlock(confirmedHead);
    for (let start = fromBlock; start <= confirmedHead; start += this.blockRange) {
      const end = Math.min(start + this.blockRange - 1, confirmedHead);
      await this.record(await this.readTransfers([depositAddress.toLowerCase()], start, end));
    }
    await creditSubscriptions(db, [memberId], this.options.crediting, this.clock.now(), this.options.logger);
  }

  private async confirmedHead(): Promise<number> {
    const head = await this.options.chain.headBlockNumber();
    return head - (this.options.confirmations - 1);
  }

  private async firstBlock(confirmedHead: number): Promise<number> {
    return Math.max(0, this.options.startBlock ?? confirmedHead);
  }

  /** The block after the cursor, or further back when the cursor's block is gone from the chain. */
  private async resumeBlock(confirmedHead: number): Promise<number> {
    const { db, chain, logger } = this.options;
    const cursor = await findCursor(db, this.cursorName);
    if (!cursor) return this.firstBlock(confirmedHead);
    if (cursor.lastBlock > confirmedHead + this.options.confirmations) {
      // A restarted dev chain (its start block is configured): read it again from there. On a
      // real network it is a node lagging behind one used before: wait for it rather than
      // rescanning history.
      if (this.options.startBlock !== undefined) {
        logger?.warn(
          { cursor: cursor.lastBlock, confirmedHead },
          'chain is shorter than the deposit cursor: rescanning',
        );
        return this.options.startBlock;
      }
      logger?.warn({ cursor: cursor.lastBlock, confirmedHead }, 'chain node is behind the deposit cursor: waiting');
      return confirmedHead + 1;
    }
    if (cursor.lastBlock > confirmedHead) return confirmedHead + 1;
    const hash = await chain.blockHash(cursor.lastBlock);
    if (cursor.lastBlockHash && hash !== cursor.lastBlockHash) {
      const rewindTo = Math.max(0, cursor.lastBlock - 10 * this.options.confirmations);
      logger?.error(
        { cursor: cursor.lastBlock, rewindTo },
        'deposit cursor block was replaced: a reorg deeper than the confirmation depth; rescanning',
      );
      return rewindTo;
    }
    return cursor.lastBlock + 1;
  }

  private async readTransfers(recipients: readonly string[], fromBlock: number, toBlock: number) {
    const transfers: UsdtTransfer[] = [];
    for (let index = 0; index < recipients.length; index += this.recipientBatch) {
      const batch = recipients.slice(index, index + this.recipientBatch);
      transfers.push(...(await this.logsSplittingRange(batch, fromBlock, toBlock)));
    }
    return transfers;
  }

  /** Nodes cap eth_getLogs by range or result size; on such a refusal, read the two halves. */
  private async logsSplittingRange(
    recipients: readonly string[],
    fromBlock: number,
    toBlock: number,
  ): Promise<UsdtTransfer[]> {
    try {
      return await this.options.chain.transfersTo(recipients, fromBlock, toBlock);
    } catch (error) {
      if (fromBlock === toBlock || !isRangeTooLarge(error)) throw error;
      const middle = Math.floor((fromBlock + toBlock) / 2);
      const first: UsdtTransfer[] = await this.logsSplittingRange(recipients, fromBlock, middle);
      return [...first, ...(await this.logsSplittingRange(recipients, middle + 1, toBlock))];
    }
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

function isRangeTooLarge(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /range|too many|limit|exceed|too large|response size/i.test(text);
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
