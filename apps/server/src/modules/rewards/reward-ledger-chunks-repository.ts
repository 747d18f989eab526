import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { wholeCents } from '../ledger/whole-cents';
import { type ChunkDone, turnJitOffForChunk } from './reward-load-repository';

/**
 * The reward cycle's ledger chunks: once its rewards are loaded, they are summed per beneficiary
 * and booked as one ledger entry per beneficiary (posted or locked), a chunk of beneficiaries at
 * a time. Callers run these in one transaction under `lockRewardCycle`.
 */

/** How many beneficiaries a chunk books ledger entries for. */
export const beneficiariesPerChunk = 2000;

/**
 * Sums each beneficiary's rewards of the cycle by state, once every reward is written and the
 * load attached, in the caller's transaction: one pass over the cycle's DOWNLINE partition (a
 * sequential read and a hash aggregate) instead of each ledger chunk fetching its beneficiaries'
 * rewards one by one through the beneficiary index (migration 0140). The progress row's `summed`
 * flag, set in the same transaction, makes it happen exactly once.
 */
export async function sumCycleRewards(trx: Kysely<Database>, cycle: number): Promise<void> {
  await turnJitOffForChunk(trx);
  const marked = await trx
    .updateTable('reward_cycle_progress')
    .set({ summed: true })
    .where('cycle', '=', cycle)
    .where('summed', '=', false)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) return;
  await sql`
    INSERT INTO reward_cycle_sums (cycle, beneficiary_id, state, exact)
    SELECT ${cycle}, beneficiary_id, state, sum(reward_amount)
      FROM rewards
     WHERE cycle = ${cycle} AND type = 'DOWNLINE' AND state IN ('POSTED', 'LOCKED')
     GROUP BY beneficiary_id, state`.execute(trx);
}

/** The sums go with the run's progress row, in the transaction that records the run. */
export async function deleteCycleSums(trx: Kysely<Database>, cycle: number): Promise<void> {
  await trx.deleteFrom('reward_cycle_sums').where('cycle', '=', cycle).execute();
}

/**
 * Books the ledger entries of the next chunk of beneficiaries of the cycle (after the progress
 * cursor, in id order, from the cycle's sums): one entry per beneficiary, posted or locked as
 * their rewards of the cycle are, of the whole cents of their exact sum plus their carry, the
 * rest carried (`carry_delta`, migration 0120) — and adds their exact rewards to the run's totals
 * (what the preview predicts; the credits differ from them only by the carries), in the caller's
 * transaction. Runs after `sumCycleRewards`. The chunk's accounts are locked first, in id order
 * (a DIRECT credit may be booking for one of them: see `lockLedgerAccount`), so each carry is
 * read as it stands; a beneficiary without a ledger account is passed over. The ledger refuses a
 * second entry of a cycle for an account.
 */
export async function bookLedgerChunk(
  trx: Kysely<Database>,
  cycle: number,
  at: Date,
  limit = beneficiariesPerChunk,
): Promise<ChunkDone> {
  await turnJitOffForChunk(trx);
  const { rows } = await sql<{ taken: string }>`
    WITH progress AS (
      SELECT booked_through FROM reward_cycle_progress WHERE cycle = ${cycle}
    ),
    chunk AS (
      SELECT DISTINCT s.beneficiary_id
        FROM reward_cycle_sums s
       WHERE s.cycle = ${cycle}
         AND s.beneficiary_id > coalesce((SELECT booked_through FROM progress), '00000000-0000-0000-0000-000000000000'::uuid)
       ORDER BY s.beneficiary_id
       LIMIT ${limit}
    ),
    accounts AS MATERIALIZED (
      SELECT a.user_id AS beneficiary_id, a.carry
        FROM ledger_accounts a
       WHERE a.user_id IN (SELECT beneficiary_id FROM chunk)
       ORDER BY a.user_id
         FOR UPDATE OF a
    ),
    booked AS (
      INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id, created_at)
      SELECT s.beneficiary_id, CASE s.state WHEN 'POSTED' THEN 'CREDIT_POSTED' ELSE 'CREDIT_PENDING' END,
             ${wholeCents(sql`s.exact`, sql`a.carry`)}, s.exact - ${wholeCents(sql`s.exact`, sql`a.carry`)},
             'REWARD_CYCLE', ${String(cycle)}, ${at}
        FROM reward_cycle_sums s
        JOIN accounts a USING (beneficiary_id)
       WHERE s.cycle = ${cycle}
       ORDER BY s.beneficiary_id
      RETURNING kind, amount + carry_delta AS exact
    ),
    moved AS (
      UPDATE reward_cycle_progress
         SET booked_through = coalesce((SELECT beneficiary_id FROM chunk ORDER BY beneficiary_id DESC LIMIT 1), booked_through),
             total_paid = total_paid + (SELECT coalesce(sum(exact) FILTER (WHERE kind = 'CREDIT_POSTED'), 0) FROM booked),
             total_locked = total_locked + (SELECT coalesce(sum(exact) FILTER (WHERE kind = 'CREDIT_PENDING'), 0) FROM booked)
       WHERE cycle = ${cycle}
      RETURNING cycle
    )
    SELECT (SELECT count(*) FROM chunk)::text AS taken, (SELECT count(*) FROM moved) AS moved
  `.execute(trx);
  return { taken: Number(rows[0]?.taken ?? 0) };
}
