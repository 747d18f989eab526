import { type Kysely, sql } from 'kysely';

/**
 * Each beneficiary's exact rewards of the cycle under way, summed once when every reward is
 * written, so the ledger chunks read 2,000 small rows each instead of every reward of their
 * beneficiaries through the beneficiary index (issue 26: at 1,000,000 members that was 14.3 M
 * rows fetched one by one, 85.9 s of a 395.8 s run, up to 6.8 s a chunk for the uplines whose
 * downline is the whole network).
 *
 * - `reward_cycle_sums`: per cycle, beneficiary and state (POSTED, LOCKED), the exact sum; the
 *   rows of a run are written in one statement and go in the transaction that records the run.
 * - `reward_cycle_progress.summed`: set in the statement's transaction, so the sums are written
 *   exactly once; a run under way when this migration runs sums before it books on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reward_cycle_sums (
      cycle integer NOT NULL,
      beneficiary_id uuid NOT NULL,
      state text NOT NULL CHECK (state IN ('POSTED', 'LOCKED')),
      exact numeric(38, 8) NOT NULL CHECK (exact > 0),
      PRIMARY KEY (cycle, beneficiary_id, state)
    )`.execute(db);
  await sql`ALTER TABLE reward_cycle_progress ADD COLUMN summed boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reward_cycle_progress DROP COLUMN summed`.execute(db);
  await sql`DROP TABLE reward_cycle_sums`.execute(db);
}
