import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function payoutBatchExists(db: Kysely<Database>, batchId: string): Promise<boolean> {
  const row = await db.selectFrom('payout_batches').select('id').where('id', '=', batchId).executeTakeFirst();
  return row !== undefined;
}

export interface OpenBatchLine {
  withdrawal_id: string;
  wallet_address: string;
  amount: string;
}

/** The lines of a batch still to pay: in it (not left) and pending, in the export files' order. */
export function findOpenPendingLines(db: Kysely<Database>, batchId: string): Promise<OpenBatchLine[]> {
  return db
    .selectFrom('payout_batch_withdrawals as l')
    .innerJoin('withdrawals as w', 'w.id', 'l.withdrawal_id')
    .select(['l.withdrawal_id', 'w.wallet_address', sql<string>`w.amount::text`.as('amount')])
    .where('l.batch_id', '=', batchId)
    .where('l.left_at', 'is', null)
    .where('w.status', '=', 'PENDING')
    .orderBy('l.position')
    .execute();
}
