import { type Kysely, sql } from 'kysely';

/**
 * `rewards` partitioned by cycle (PostgreSQL declarative partitioning, RANGE on `cycle`, one
 * partition per cycle named `rewards_c000042`, plus `rewards_default` for a cycle whose partition
 * was not made in time). A weekly cycle writes millions of rows: its own partition keeps each
 * cycle's indexes small, and an old cycle leaves the table with one DETACH (docs/scaling.md).
 *
 * - A unique key of a partitioned table must include the partition key: `rewards_credited_once`
 *   (beneficiary, source, cycle, type) already does, so the database still refuses a double
 *   credit (the error names the partition's copy of the index,
 *   `rewards_c000042_beneficiary_id_source_user_id_cycle_type_key`); the primary key becomes (id, cycle) — `id` stays unique on its own, it comes from one
 *   identity sequence, and its leading column still serves a look-up or walk by id.
 * - The triggers of 0051/0110 are on the partitioned table: the statement-level ones with
 *   transition tables see the rows of every partition a statement touched (allowed on the
 *   partitioned table itself; only ROW triggers with transition tables are refused on
 *   partitions), and the BEFORE UPDATE row trigger is cloned onto every partition (PostgreSQL 13+).
 *   Statement triggers are not cloned, so each partition gets its own refusal of DELETE/TRUNCATE.
 * - `rewards_partition_for(cycle)` makes a cycle's partition when missing (the cycle job makes the
 *   current and next cycle's ahead; a run makes its own). It leaves a cycle alone whose rows
 *   already sit in the default partition: those stay there, still counted and still unique.
 * - Existing rows are copied in the migration's transaction into partitions made first, then the
 *   indexes and keys are built once over the loaded partitions, then the triggers are created (the
 *   counters already hold the copied rows, so the copy must not fire them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rewards RENAME TO rewards_unpartitioned`.execute(db);
  await sql`
    CREATE TABLE rewards (
      id bigint GENERATED ALWAYS AS IDENTITY,
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
      created_at timestamptz NOT NULL
    ) PARTITION BY RANGE (cycle)`.execute(db);
  await sql`CREATE TABLE rewards_default PARTITION OF rewards DEFAULT`.execute(db);
  await noDeleteOn(db, 'rewards_default');

  await sql`
    CREATE FUNCTION rewards_partition_for(for_cycle integer) RETURNS boolean LANGUAGE plpgsql AS $$
    DECLARE
      name text := format('rewards_c%s', lpad(for_cycle::text, 6, '0'));
    BEGIN
      IF to_regclass(name) IS NOT NULL THEN
        RETURN false;
      END IF;
      PERFORM pg_advisory_xact_lock(73011, for_cycle);
      IF to_regclass(name) IS NOT NULL OR EXISTS (SELECT 1 FROM rewards_default WHERE cycle = for_cycle) THEN
        RETURN false;
      END IF;
      EXECUTE format('CREATE TABLE %I PARTITION OF rewards FOR VALUES FROM (%s) TO (%s)', name, for_cycle, for_cycle + 1);
      EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()',
                     name || '_no_delete', name);
      RETURN true;
    EXCEPTION WHEN check_violation THEN
      -- A reward of this cycle reached the default partition meanwhile: the cycle stays there.
      RETURN false;
    END $$`.execute(db);

  await sql`SELECT rewards_partition_for(cycle) FROM (SELECT DISTINCT cycle FROM rewards_unpartitioned) AS c`.execute(db);
  await sql`
    INSERT INTO rewards OVERRIDING SYSTEM VALUE
    SELECT id, beneficiary_id, source_user_id, type, level, cycle, plan_version, percent, master_amount,
           reward_amount, state, created_at
      FROM rewards_unpartitioned`.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence('rewards', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL)
      FROM rewards_unpartitioned`.execute(db);
  await sql`DROP TABLE rewards_unpartitioned`.execute(db);

  await sql`ALTER TABLE rewards ADD PRIMARY KEY (id, cycle)`.execute(db);
  await sql`
    ALTER TABLE rewards ADD CONSTRAINT rewards_credited_once UNIQUE (beneficiary_id, source_user_id, cycle, type)`.execute(
    db,
  );
  await sql`CREATE INDEX rewards_history_idx ON rewards (beneficiary_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX rewards_direct_idx ON rewards (id) WHERE type = 'DIRECT'`.execute(db);

  await sql`
    CREATE TRIGGER rewards_count_inserted AFTER INSERT ON rewards
       REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION rewards_count_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER rewards_count_moved AFTER UPDATE ON rewards
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION rewards_count_moved()`.execute(db);
  await sql`
    CREATE TRIGGER rewards_state_only BEFORE UPDATE ON rewards
       FOR EACH ROW
      WHEN ((NEW.id, NEW.beneficiary_id, NEW.source_user_id, NEW.type, NEW.level, NEW.cycle, NEW.plan_version,
             NEW.percent, NEW.master_amount, NEW.reward_amount, NEW.created_at)
            IS DISTINCT FROM
            (OLD.id, OLD.beneficiary_id, OLD.source_user_id, OLD.type, OLD.level, OLD.cycle, OLD.plan_version,
             OLD.percent, OLD.master_amount, OLD.reward_amount, OLD.created_at))
       EXECUTE FUNCTION rewards_state_only()`.execute(db);
  await noDeleteOn(db, 'rewards');
}

function noDeleteOn(db: Kysely<unknown>, table: string) {
  return sql`
    CREATE TRIGGER ${sql.id(`${table}_no_delete`)} BEFORE DELETE OR TRUNCATE ON ${sql.table(table)}
       FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0125-rewards-partitioned-by-cycle cannot be undone: copy the rows into a plain table by hand');
}
