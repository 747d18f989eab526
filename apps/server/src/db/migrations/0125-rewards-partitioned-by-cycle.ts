import { type Kysely, sql } from 'kysely';

/**
 * `rewards` partitioned by cycle (PostgreSQL declarative partitioning, RANGE on `cycle`, one
 * partition per cycle named `rewards_c000042`, plus `rewards_default` for a cycle whose partition
 * was not made in time). A weekly cycle writes millions of rows: its own partition keeps each
 * cycle's indexes small, and an old cycle leaves the table with one DETACH (docs/scaling.md).
 *
 * - Each cycle's partition is itself split by type: `_direct` (the DIRECT rewards paid during
 *   the cycle's week), `_downline` (the cycle's distribution) and `_other` (default, empty unless
 *   DOWNLINE rewards arrive another way). The distribution loads `_downline` as a fresh table
 *   without indexes, a chunk at a time, then builds its indexes once and attaches it
 *   (`rewards_load_table`, `rewards_attach_load`): a bulk load and one sort per index instead of
 *   millions of random B-tree inserts. Until it is attached the cycle's DOWNLINE rewards are not
 *   read by anyone: the ledger is booked after the attach.
 * - A unique key of a partitioned table must include the partition key: `rewards_credited_once`
 *   (beneficiary, source, cycle, type) already does, so the database still refuses a double
 *   credit (the error names the partition's copy of the index,
 *   `rewards_c000042_downline_beneficiary_id_source_user_id_cycl_key`). While a cycle's DOWNLINE
 *   rewards load without indexes, what refuses a second credit is the run's cursor, moved in each
 *   chunk's own transaction; the unique index built before the attach would refuse a duplicate
 *   (the attach fails, nothing is booked). The primary key becomes (id, cycle, type): `id` stays
 *   unique on its own, it comes from one identity sequence (the load table takes its ids from it
 *   too), and its leading column still serves a look-up or walk by id.
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
      leaf text;
    BEGIN
      IF to_regclass(name) IS NOT NULL THEN
        RETURN false;
      END IF;
      PERFORM pg_advisory_xact_lock(73011, for_cycle);
      IF to_regclass(name) IS NOT NULL OR EXISTS (SELECT 1 FROM rewards_default WHERE cycle = for_cycle) THEN
        RETURN false;
      END IF;
      EXECUTE format('CREATE TABLE %I PARTITION OF rewards FOR VALUES FROM (%s) TO (%s) PARTITION BY LIST (type)',
                     name, for_cycle, for_cycle + 1);
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES IN (%L)', name || '_direct', name, 'DIRECT');
      EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', name || '_other', name);
      FOREACH leaf IN ARRAY ARRAY[name, name || '_direct', name || '_other'] LOOP
        EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()',
                       leaf || '_no_delete', leaf);
      END LOOP;
      RETURN true;
    EXCEPTION WHEN check_violation THEN
      -- A reward of this cycle reached the default partition meanwhile: the cycle stays there.
      RETURN false;
    END $$`.execute(db);

  // The table a distribution writes the cycle's DOWNLINE rewards into, made on first call: a
  // fresh table of rewards' columns, checks and id sequence, without indexes, counted by the
  // same statement trigger; `rewards` itself when the cycle's partition is missing or already
  // holds DOWNLINE rewards, or once the load is attached. The same answer on every call of a run.
  await sql`
    CREATE FUNCTION rewards_load_table(for_cycle integer) RETURNS text LANGUAGE plpgsql AS $$
    DECLARE
      parent text := format('rewards_c%s', lpad(for_cycle::text, 6, '0'));
      name text := parent || '_downline';
    BEGIN
      PERFORM pg_advisory_xact_lock(73011, for_cycle);
      IF to_regclass(name) IS NOT NULL THEN
        RETURN CASE WHEN EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass(name)) THEN 'rewards' ELSE name END;
      END IF;
      IF to_regclass(parent) IS NULL OR EXISTS (SELECT 1 FROM rewards WHERE cycle = for_cycle AND type = 'DOWNLINE') THEN
        RETURN 'rewards';
      END IF;
      EXECUTE format('CREATE TABLE %I (LIKE rewards INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
      EXECUTE format('ALTER TABLE %I ALTER id SET DEFAULT nextval(%L::regclass)', name, pg_get_serial_sequence('rewards', 'id'));
      EXECUTE format('CREATE TRIGGER rewards_count_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                        FOR EACH STATEMENT EXECUTE FUNCTION rewards_count_inserted()', name);
      EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()',
                     name || '_no_delete', name);
      RETURN name;
    END $$`.execute(db);

  // After the load: the indexes of `rewards` built once over the loaded rows (ATTACH adopts them
  // instead of building its own), then the table joins the cycle's partition. Nothing when there
  // is no load table or it is attached already, so a resumed run can call it again.
  await sql`
    CREATE FUNCTION rewards_attach_load(for_cycle integer) RETURNS boolean LANGUAGE plpgsql AS $$
    DECLARE
      parent text := format('rewards_c%s', lpad(for_cycle::text, 6, '0'));
      name text := parent || '_downline';
    BEGIN
      PERFORM pg_advisory_xact_lock(73011, for_cycle);
      IF to_regclass(name) IS NULL OR EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass(name)) THEN
        RETURN false;
      END IF;
      PERFORM set_config('maintenance_work_mem', '256MB', true);
      EXECUTE format('DROP TRIGGER rewards_count_inserted ON %I', name);
      EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id, cycle, type)', name);
      EXECUTE format('ALTER TABLE %I ADD UNIQUE (beneficiary_id, source_user_id, cycle, type)', name);
      EXECUTE format('CREATE INDEX ON %I (beneficiary_id, created_at DESC, id DESC)', name);
      EXECUTE format('CREATE INDEX ON %I (id) WHERE type = %L', name, 'DIRECT');
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES IN (%L)', parent, name, 'DOWNLINE');
      EXECUTE format('ANALYZE %I', name);
      RETURN true;
    END $$`.execute(db);

  await sql`SELECT rewards_partition_for(cycle) FROM (SELECT DISTINCT cycle FROM rewards_unpartitioned) AS c`.execute(
    db,
  );
  await sql`
    INSERT INTO rewards OVERRIDING SYSTEM VALUE
    SELECT id, beneficiary_id, source_user_id, type, level, cycle, plan_version, percent, master_amount,
           reward_amount, state, created_at
      FROM rewards_unpartitioned`.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence('rewards', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL)
      FROM rewards_unpartitioned`.execute(db);
  await sql`DROP TABLE rewards_unpartitioned`.execute(db);

  await sql`ALTER TABLE rewards ADD PRIMARY KEY (id, cycle, type)`.execute(db);
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
