import { type Kysely, sql } from 'kysely';

/**
 * A cycle is distributed in chunks, each its own transaction, so the embedded database's one
 * connection serves member requests between them (DESIGN.md section 3: "chunks that resume by
 * the unique key").
 *
 * - `reward_statement_entries.copier_compliant`: whether the copier was compliant when the run
 *   began, judged once with the statement, so every chunk (and a resumed run) credits or locks a
 *   beneficiary alike. NULL on statements stored before this column.
 * - `reward_cycle_progress`: the run under way of a cycle — what it read (input count, unknown
 *   UIDs, master total), when it judged compliance, how far it has written rewards (the last
 *   copier) and booked ledger entries (the last beneficiary), and the totals so far. Each chunk
 *   moves its cursor in its own transaction, so a chunk is done exactly once; a run killed
 *   half-way is finished by the next run of that cycle. The row goes when the run is recorded.
 * - `reward_cycle_lease`: one preview or run of a cycle at a time, across processes. A lease
 *   (not a session advisory lock: the connection is given back between chunks) held until
 *   `expires_at`, renewed by every chunk; a holder killed mid-run lets go when it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reward_statement_entries ADD COLUMN copier_compliant boolean`.execute(db);
  await sql`
    CREATE TABLE reward_cycle_progress (
      cycle integer PRIMARY KEY CHECK (cycle > 0),
      source text NOT NULL CHECK (source IN ('EXCHANGE', 'UPLOAD')),
      basis text NOT NULL CHECK (basis IN ('UPLOADED_STATEMENT', 'EXCHANGE_COPY_TRADING_COMMISSION')),
      started_by uuid REFERENCES users(id),
      started_at timestamptz NOT NULL,
      judged_at timestamptz NOT NULL,
      plan_version integer NOT NULL REFERENCES reward_plans(version),
      input_count integer NOT NULL,
      unknown_uids text[] NOT NULL,
      total_master_amount numeric(38, 8) NOT NULL,
      rewards_through uuid,
      rewards_done boolean NOT NULL DEFAULT false,
      booked_through uuid,
      rewards_written bigint NOT NULL DEFAULT 0,
      total_paid numeric(38, 8) NOT NULL DEFAULT 0,
      total_locked numeric(38, 8) NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE reward_cycle_lease (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      holder text NOT NULL,
      cycle integer NOT NULL,
      work text NOT NULL CHECK (work IN ('PREVIEW', 'RUN')),
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reward_cycle_lease`.execute(db);
  await sql`DROP TABLE reward_cycle_progress`.execute(db);
  await sql`ALTER TABLE reward_statement_entries DROP COLUMN copier_compliant`.execute(db);
}
