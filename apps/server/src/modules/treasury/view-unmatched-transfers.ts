import type { UnmatchedTransfers, unmatchedTransfersQuerySchema } from '@uplink/contract/payout-batches';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readAdminListPage } from '../../db/list-page';
import { countUnmatchedTransfers, findUnmatchedTransfers } from './treasury-transfers-repository';

/** The treasury transfers that proved no withdrawal, newest first, for the administrators to sort out. */
export async function viewUnmatchedTransfers(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof unmatchedTransfersQuerySchema>,
): Promise<UnmatchedTransfers> {
  const { rows, pagination } = await readAdminListPage(
    query,
    (window) => findUnmatchedTransfers(deps.readDb, window),
    () => countUnmatchedTransfers(deps.readDb),
  );
  return {
    transfers: rows.map((row) => ({
      transactionHash: row.transaction_hash,
      logIndex: row.log_index,
      blockNumber: Number(row.block_number),
      from: row.from_address,
      to: row.to_address,
      amount: row.amount,
      reason: row.unmatched_reason,
      withdrawalId: row.withdrawal_id,
      seenAt: row.seen_at.toISOString(),
    })),
    pagination,
  };
}
