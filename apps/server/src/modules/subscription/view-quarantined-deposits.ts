import { type QuarantinedDeposits, quarantinedDepositsShown } from '@uplink/contract/deposits';
import type { AppContext } from '../../app-context';
import { findQuarantinedDeposits } from './subscription-repository';

/** What an administrator sees of the deposit logs the scanner set aside: the newest, and how many in all. */
export async function viewQuarantinedDeposits(deps: Pick<AppContext, 'db'>): Promise<QuarantinedDeposits> {
  const { rows, total } = await findQuarantinedDeposits(deps.db, quarantinedDepositsShown);
  return {
    deposits: rows.map((row) => ({
      transactionHash: row.tx_hash,
      logIndex: row.log_index,
      blockNumber: Number(row.block_number),
      fromAddress: row.from_address,
      toAddress: row.to_address,
      rawAmount: row.raw_amount,
      reason: row.reason,
      quarantinedAt: row.quarantined_at.toISOString(),
    })),
    total,
  };
}
