import { type Kysely, sql } from 'kysely';

/**
 * Rewards, their cycles and the compliance rule (replaces the placeholder `rewards` table of
 * migration 0003, which nothing ever wrote).
 *
 * - `rewards_credited_once`: a (beneficiary, source, cycle, type) is credited at most once — the
 *   database refuses a double credit. Its leading (beneficiary, source) also answers the tree's
 *   "what did I earn from this member".
 * - No foreign keys on `rewards`: every row is derived from the closure table and the users it
 *   references (members are never deleted, only blanked), and a per-row key check would triple
 *   the cost of a cycle that writes millions of rows.
 * - `reward_counts` keeps, per beneficiary, how many rewards exist per type and level, so a
 *   history page counts its records from at most 30 rows.
 * - `reward_cycle_runs` records every run (who, when, plan, inputs, what it wrote and paid); a
 *   cycle has at most one DISTRIBUTED run, which is written in the distribution's transaction.
 * - `reward_statement_entries` keeps each cycle's statement: what each copier's trading paid the
 *   master trader. "Copying" in a cycle means appearing in that cycle's statement.
 * - `member_compliance_failures` is the one statement of the compliance rule, used by the cycle,
 *   the DIRECT reward, the release sweep and the member's stats alike; `member_is_copying` says
 *   whether a member is copying now (outside a cycle's own distribution).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rewards`.execute(db);
  await sql`
    CREATE TABLE rewards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      beneficiary_id uuid NOT NULL,
      source_user_id uuid NOT NULL,
      type text NOT NULL CHECK (type IN ('DIRECT', 'DOWNLINE')),
      level smallint NOT NULL CHECK (level BETWEEN 1 AND 15),
      cycle integer NOT NULL CHECK (cycle > 0),
      plan_version integer NOT NULL,
      percent numeric(7, 4) NOT NULL CHECK (percent > 0 AND percent <= 100),
      master_amount numeric(38, 8) NOT NULL CHECK (master_amount > 0),
      reward_amount numeric(38, 8) NOT NULL CHECK (reward_amount > 0),
      state text NOT NULL CHECK (state IN ('POSTED', 'LOCKED', 'RELEASED', 'FORFEITED')),
      created_at timestamptz NOT NULL,
      CONSTRAINT rewards_credited_once UNIQUE (beneficiary_id, source_user_id, cycle, type)
    )`.execute(db);
  await sql`CREATE INDEX rewards_history_idx ON rewards (beneficiary_id, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE reward_counts (
      beneficiary_id uuid NOT NULL,
      type text NOT NULL,
      level smallint NOT NULL,
      rewards bigint NOT NULL,
      PRIMARY KEY (beneficiary_id, type, level)
    )`.execute(db);

  await sql`
    CREATE TABLE reward_statement_entries (
      cycle integer NOT NULL,
      copier_id uuid NOT NULL,
      bingx_uid text NOT NULL,
      master_amount numeric(38, 8) NOT NULL CHECK (master_amount >= 0),
      PRIMARY KEY (cycle, copier_id)
    )`.execute(db);

  await sql`
    CREATE TABLE reward_cycle_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      cycle integer NOT NULL CHECK (cycle > 0),
      cycle_starts_at timestamptz NOT NULL,
      cycle_ends_at timestamptz NOT NULL,
      source text NOT NULL CHECK (source IN ('EXCHANGE', 'UPLOAD')),
      outcome text NOT NULL CHECK (outcome IN ('DISTRIBUTED', 'ALREADY_DISTRIBUTED')),
      started_by uuid REFERENCES users(id),
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      plan_version integer NOT NULL REFERENCES reward_plans(version),
      input_count integer NOT NULL,
      unknown_uids text[] NOT NULL,
      rewards_written bigint NOT NULL,
      total_master_amount numeric(38, 8) NOT NULL,
      total_paid numeric(38, 8) NOT NULL,
      total_locked numeric(38, 8) NOT NULL,
      duration_ms integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX reward_cycle_runs_distributed_once ON reward_cycle_runs (cycle) WHERE outcome = 'DISTRIBUTED'`.execute(
    db,
  );
  await sql`CREATE INDEX reward_cycle_runs_cycle_idx ON reward_cycle_runs (cycle DESC, id DESC)`.execute(db);
  for (const table of ['reward_cycle_runs', 'reward_statement_entries']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
         FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
  }

  // When the exchange last reported the member's balance (set with users.bingx_balance).
  await sql`ALTER TABLE users ADD COLUMN bingx_balance_checked_at timestamptz`.execute(db);
  await sql`UPDATE users SET bingx_balance_checked_at = bingx_linked_at WHERE bingx_balance IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX users_exchange_balance_due_idx ON users (bingx_balance_checked_at NULLS FIRST)
     WHERE bingx_uid IS NOT NULL`.execute(db);

  // Open locked credits, oldest first, for the release sweep.
  await sql`
    CREATE INDEX ledger_entries_pending_credits_idx ON ledger_entries (created_at, id)
     WHERE kind = 'CREDIT_PENDING'`.execute(db);

  await sql`
    CREATE FUNCTION member_compliance_failures(
      member users, at timestamptz, minimum_balance numeric, copying boolean) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$
      SELECT array_remove(ARRAY[
        CASE WHEN member.subscription_paid_at IS NULL OR member.subscription_period_ends_at <= at
             THEN 'SUBSCRIPTION_UNPAID' END,
        CASE WHEN member.bingx_uid IS NULL THEN 'EXCHANGE_UID_MISSING' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND coalesce(member.bingx_balance, 0) < minimum_balance
             THEN 'BALANCE_BELOW_MINIMUM' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND NOT copying THEN 'NOT_COPYING' END
      ], NULL)
    $$`.execute(db);

  // Copying now: in the statement of the newest distributed cycle (before any cycle, nobody is judged).
  await sql`
    CREATE FUNCTION member_is_copying(member_id uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT latest.cycle IS NULL
          OR EXISTS (SELECT 1 FROM reward_statement_entries e WHERE e.cycle = latest.cycle AND e.copier_id = member_id)
        FROM (SELECT max(cycle) AS cycle FROM reward_cycle_runs WHERE outcome = 'DISTRIBUTED') AS latest
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION member_is_copying, member_compliance_failures`.execute(db);
  await sql`DROP INDEX ledger_entries_pending_credits_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN bingx_balance_checked_at`.execute(db);
  await sql`DROP TABLE reward_cycle_runs, reward_statement_entries, reward_counts, rewards`.execute(db);
  await sql`
    CREATE TABLE rewards (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      beneficiary_id uuid NOT NULL REFERENCES users(id),
      source_user_id uuid REFERENCES users(id),
      type text NOT NULL CHECK (type IN ('DIRECT', 'DOWNLINE')),
      level smallint NOT NULL CHECK (level BETWEEN 1 AND 15),
      percent numeric(10, 4) NOT NULL,
      master_amount numeric(38, 18) NOT NULL,
      reward_amount numeric(38, 18) NOT NULL,
      cycle integer NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
