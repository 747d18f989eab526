import { toWireMoney } from '@uplink/contract/money';
import type { SafeProposal, SafeProposalState } from '@uplink/contract/payout-batches';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ExecutedSafeTx } from '../../chain/safe-transaction-service/safe-on-chain';
import type { Database, PayoutSafeProposalsTable, SafeExecutionsTable } from '../../db/schema';

export type SafeProposalRow = Selectable<PayoutSafeProposalsTable>;

/** A proposal that still pays or paid its part: queued in the Safe, or executed. */
const standingStates: readonly SafeProposalState[] = ['QUEUED', 'EXECUTED'];

/**
 * The batch's parts proposed to the Safe in its payment under way (proposed since it started), in
 * `states` (by default those that still pay or paid their part): those of a payment given up
 * before are history.
 */
export function findProposalsOfPayment(
  db: Kysely<Database>,
  batchId: string,
  states: readonly SafeProposalState[] = standingStates,
): Promise<SafeProposalRow[]> {
  return db
    .selectFrom('payout_safe_proposals as p')
    .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
    .selectAll('p')
    .where('p.batch_id', '=', batchId)
    .where(sql<boolean>`p.proposed_at >= b.payment_claimed_at`)
    .where('p.state', 'in', states)
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

export type SafeExecutionRow = Selectable<SafeExecutionsTable>;

/** The Safe's executions read from a range of confirmed blocks; one read again (a rewound cursor) is updated. */
export async function storeSafeExecutions(
  db: Kysely<Database>,
  safeAddress: string,
  executions: readonly Pick<
    ExecutedSafeTx,
    'safeTxHash' | 'nonce' | 'isSuccessful' | 'transactionHash' | 'blockNumber'
  >[],
): Promise<void> {
  if (executions.length === 0) return;
  await db
    .insertInto('safe_executions')
    .values(
      executions.map((execution) => ({
        safe_tx_hash: execution.safeTxHash.toLowerCase(),
        safe_address: safeAddress.toLowerCase(),
        nonce: execution.nonce,
        successful: execution.isSuccessful,
        transaction_hash: execution.transactionHash.toLowerCase(),
        block_number: execution.blockNumber,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('safe_tx_hash').doUpdateSet({
        nonce: sql`excluded.nonce`,
        successful: sql`excluded.successful`,
        transaction_hash: sql`excluded.transaction_hash`,
        block_number: sql`excluded.block_number`,
      }),
    )
    .execute();
}

/** The Safe's stored executions at these nonces: what decides its proposals queued at them. */
export function findExecutionsAtNonces(
  db: Kysely<Database>,
  safeAddress: string,
  nonces: readonly string[],
): Promise<SafeExecutionRow[]> {
  if (nonces.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('safe_executions')
    .selectAll()
    .where('safe_address', '=', safeAddress.toLowerCase())
    .where('nonce', 'in', [...nonces])
    .orderBy('block_number')
    .execute();
}

/**
 * Where reading a Safe's executions begins without a cursor: the chain head before the earliest
 * payment one of its queued proposals belongs to (no execution at their nonces can be older), or
 * block 0 when a payment recorded none.
 */
export async function firstBlockOfQueued(db: Kysely<Database>, safeAddress: string): Promise<number> {
  const row = await db
    .selectFrom('payout_safe_proposals as p')
    .leftJoin('payout_batches as b', 'b.id', 'p.batch_id')
    .select(sql<string | null>`min(coalesce(b.payment_claim_block, 0))`.as('first_block'))
    .where('p.safe_address', '=', safeAddress.toLowerCase())
    .where('p.state', '=', 'QUEUED')
    .executeTakeFirst();
  return Number(row?.first_block ?? 0);
}
