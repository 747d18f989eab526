import type { AppContext } from '../../app-context';
import type { DepositChain } from '../../chain/deposit-chain';
import { readSplittingRange } from '../subscription/confirmed-block-scan';
import { findCursor } from '../subscription/subscription-repository';
import { findSeenTransfersAbove, replaceSeenTransfers } from './payment-seen';
import { askChain } from './payout-proof';

/** The most blocks behind the head a look for seen transfers reads: a reconciliation further behind is an outage, alerted on. */
export const seenBlocksAtMost = 5_000;

/** The cursor of the reconciliation over one chain's USDT token (its own, beside the deposit scan's). */
export function treasuryCursorName(chain: Pick<DepositChain, 'chainId' | 'tokenAddress'>): string {
  return `usdt-treasury:${chain.chainId}:${chain.tokenAddress.toLowerCase()}`;
}

type SeenDeps = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * Records the treasury's transfers from the block they are mined in (0 confirmations): every
 * outgoing USDT transfer of a treasury address in the blocks the reconciliation has not decided
 * yet — past its cursor, up to the head (at most `seenBlocksAtMost` blocks back) — in one
 * eth_getLogs, and forgets those a reorg dropped (`replaceSeenTransfers`). The reconciliation does
 * it on every run; each path that starts a payment does it first, so a transfer mined a moment
 * ago is seen before anything pays its withdrawal again. One stored above the head read is kept
 * while the chain still has its transaction (another look saw a newer block). Nothing without a chain; a chain that
 * does not answer is a 503 (no payment starts blind).
 */
export async function recordSeenTreasuryTransfers(deps: SeenDeps, chain: DepositChain | null): Promise<void> {
  if (!chain) return;
  const treasuries = deps.config.withdrawals.treasuryAddresses;
  const head = await askChain(() => chain.headBlockNumber());
  const cursor = await findCursor(deps.db, treasuryCursorName(chain));
  const decidedUpTo = cursor?.lastBlock ?? -1;
  const fromBlock = Math.max(decidedUpTo + 1, head - seenBlocksAtMost + 1, 0);
  const transfers =
    fromBlock > head
      ? []
      : await askChain(() =>
          readSplittingRange((from, to) => chain.transfersFrom(treasuries, from, to), fromBlock, head),
        );
  // Stored above the head just read: seen by a look newer than this one, or dropped by a reorg that shortened the chain.
  const gone: { txHash: string; logIndex: number }[] = [];
  for (const above of await findSeenTransfersAbove(deps.db, head)) {
    if (!(await askChain(() => chain.transfersIn(above.transaction_hash)))) {
      gone.push({ txHash: above.transaction_hash, logIndex: above.log_index });
    }
  }
  await replaceSeenTransfers(deps.db, { fromBlock, toBlock: head, decidedUpTo }, transfers, gone, deps.clock.now());
}
