import { toWireMoney } from '@uplink/contract/money';
import type { SafeProposal, SafeProposalState } from '@uplink/contract/payout-batches';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PayoutSafeProposalsTable } from '../../db/schema';

export type SafeProposalRow = Selectable<PayoutSafeProposalsTable>;

/**
 * The batch's parts proposed to the Safe in its payment under way (proposed since it started):
 * those of a payment given up before are history.
 */
export function findProposalsOfPayment(db: Kysely<Database>, batchId: string): Promise<SafeProposalRow[]> {
  return db
    .selectFrom('payout_safe_proposals as p')
    .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
    .selectAll('p')
    .where('p.batch_id', '=', batchId)
    .where(sql<boolean>`p.proposed_at >= b.payment_claimed_at`)
    .where('p.state', 'in', ['QUEUED', 'EXECUTED'])
    .orderBy('p.part')
    .execute();
}

/** Every proposal of the batch, newest first within a part: what its page shows. */
export function findProposalsOfBatch(db: Kysely<Database>, batchId: string): Promise<SafeProposalRow[]> {
  return db
    .selectFrom('payout_safe_proposals')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('part')
    .orderBy('proposed_at', 'desc')
    .execute();
}

export async function insertProposal(
  trx: Kysely<Database>,
  proposal: Omit<SafeProposalRow, 'state' | 'decided_at' | 'transaction_hash'>,
): Promise<SafeProposalRow> {
  return trx.insertInto('payout_safe_proposals').values(proposal).returningAll().executeTakeFirstOrThrow();
}

/** Every proposal still queued, of any batch: what the reconciliation watches on chain. */
export function findQueuedProposals(db: Kysely<Database>): Promise<SafeProposalRow[]> {
  return db.selectFrom('payout_safe_proposals').selectAll().where('state', '=', 'QUEUED').orderBy('nonce').execute();
}

/** A queued proposal decided by the chain; false when it was decided already. */
export async function decideProposal(
  trx: Kysely<Database>,
  safeTxHash: string,
  decision: { state: Exclude<SafeProposalState, 'QUEUED'>; transactionHash: string; at: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('payout_safe_proposals')
    .set({ state: decision.state, transaction_hash: decision.transactionHash, decided_at: decision.at })
    .where('safe_tx_hash', '=', safeTxHash)
    .where('state', '=', 'QUEUED')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export const safeProposalView = (row: SafeProposalRow): SafeProposal => ({
  part: row.part,
  safeAddress: row.safe_address,
  safeTxHash: row.safe_tx_hash,
  nonce: String(row.nonce),
  transfers: row.transfers,
  total: toWireMoney(row.total),
  state: row.state,
  proposedAt: row.proposed_at.toISOString(),
  transactionHash: row.transaction_hash,
  confirmations: null,
  threshold: null,
});
