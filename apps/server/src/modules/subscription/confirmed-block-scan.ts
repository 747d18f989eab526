import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DepositChain } from '../../chain/deposit-chain';
import type { Database } from '../../db/schema';
import { findCursor, saveCursor } from './subscription-repository';

/** How a chain scan walks the chain: the settings each scanner (deposits, the treasury) is given. */
export interface ChainScanSettings {
  chain: Pick<DepositChain, 'headBlockNumber' | 'blockHash'>;
  /** Blocks, the log's own included, before a log counts. */
  confirmations: number;
  /** Where a scan without a cursor begins; unset: the current confirmed head (nothing older is read). */
  startBlock?: number;
  /** Blocks per eth_getLogs (5000 unless told); halved automatically when a node refuses a range as too large. */
  blockRange?: number;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

export interface ConfirmedBlockScanOptions extends ChainScanSettings {
  db: Kysely<Database>;
  /** Its row in `chain_scan_cursors`: each scan over each chain and token keeps its own. */
  cursorName: string;
  /** Names the scan in its log lines ("deposit", "treasury"). */
  subject: string;
}

/**
 * The block walk the chain scans share (deposits to members, the treasury's payouts).
 *
 * Reorgs: only blocks that already have `confirmations` confirmations are read (up to
 * head − confirmations + 1), so a reorg shallower than that never touches what was read, and
 * nothing is acted on from a block that could still be replaced. The cursor keeps the hash of the
 * last block read; if the chain no longer has that block (a reorg deeper than the confirmation
 * depth, or a reset dev chain) the scan logs it and reads again from further back — the readers
 * store logs by (transaction hash, log index), so reading a range twice is harmless.
 */
export class ConfirmedBlockScan {
  private readonly blockRange: number;

  constructor(private readonly options: ConfirmedBlockScanOptions) {
    this.blockRange = options.blockRange ?? 5000;
  }

  async confirmedHead(): Promise<number> {
    const head = await this.options.chain.headBlockNumber();
    return head - (this.options.confirmations - 1);
  }

  firstBlock(confirmedHead: number): number {
    return Math.max(0, this.options.startBlock ?? confirmedHead);
  }

  /**
   * Hands every confirmed block from the cursor on to `read`, one range at a time, and moves the
   * cursor past each range once `read` has finished with it.
   */
  async scanFromCursor(read: (fromBlock: number, toBlock: number) => Promise<void>): Promise<{
    fromBlock: number;
    toBlock: number;
  }> {
    const { db, chain, cursorName } = this.options;
    const confirmedHead = await this.confirmedHead();
    const fromBlock = await this.resumeBlock(confirmedHead);
    for (const [start, end] of this.ranges(fromBlock, confirmedHead)) {
      await read(start, end);
      // The hash lets the next run notice a chain that changed under the cursor.
      await saveCursor(db, cursorName, { lastBlock: end, lastBlockHash: await chain.blockHash(end) });
    }
    return { fromBlock, toBlock: confirmedHead };
  }

  /** The confirmed blocks the cursor has not reached yet, without moving it (a member's own refresh). */
  async pendingFromCursor(): Promise<{ fromBlock: number; toBlock: number }> {
    const confirmedHead = await this.confirmedHead();
    const cursor = await findCursor(this.options.db, this.options.cursorName);
    const fromBlock =
      cursor && cursor.lastBlock <= confirmedHead ? cursor.lastBlock + 1 : this.firstBlock(confirmedHead);
    return { fromBlock, toBlock: confirmedHead };
  }

  *ranges(fromBlock: number, toBlock: number): Generator<[number, number]> {
    for (let start = fromBlock; start <= toBlock; start += this.blockRange) {
      yield [start, Math.min(start + this.blockRange - 1, toBlock)];
    }
  }

  /** The block after the cursor, or further back when the cursor's block is gone from the chain. */
  private async resumeBlock(confirmedHead: number): Promise<number> {
    const { db, chain, logger, subject, confirmations, startBlock } = this.options;
    const cursor = await findCursor(db, this.options.cursorName);
    if (!cursor) return this.firstBlock(confirmedHead);
    if (cursor.lastBlock > confirmedHead + confirmations) {
      // A restarted dev chain (its start block is configured): read it again from there. On a
      // real network it is a node lagging behind one used before: wait for it rather than
      // rescanning history.
      if (startBlock !== undefined) {
        logger?.warn(
          { cursor: cursor.lastBlock, confirmedHead },
          `chain is shorter than the ${subject} cursor: rescanning`,
        );
        return startBlock;
      }
      logger?.warn({ cursor: cursor.lastBlock, confirmedHead }, `chain node is behind the ${subject} cursor: waiting`);
      return confirmedHead + 1;
    }
    if (cursor.lastBlock > confirmedHead) return confirmedHead + 1;
    const hash = await chain.blockHash(cursor.lastBlock);
    if (cursor.lastBlockHash && hash !== cursor.lastBlockHash) {
      const rewindTo = Math.max(0, cursor.lastBlock - 10 * confirmations);
      logger?.error(
        { cursor: cursor.lastBlock, rewindTo },
        `${subject} cursor block was replaced: a reorg deeper than the confirmation depth; rescanning`,
      );
      return rewindTo;
    }
    return cursor.lastBlock + 1;
  }
}

/** Nodes cap eth_getLogs by range or result size; on such a refusal, read the two halves. */
export async function readSplittingRange<T>(
  read: (fromBlock: number, toBlock: number) => Promise<T[]>,
  fromBlock: number,
  toBlock: number,
): Promise<T[]> {
  try {
    return await read(fromBlock, toBlock);
  } catch (error) {
    if (fromBlock === toBlock || !isRangeTooLarge(error)) throw error;
    const middle = Math.floor((fromBlock + toBlock) / 2);
    const first = await readSplittingRange(read, fromBlock, middle);
    return [...first, ...(await readSplittingRange(read, middle + 1, toBlock))];
  }
}

function isRangeTooLarge(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /range|too many|limit|exceed|too large|response size/i.test(text);
}
