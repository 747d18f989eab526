import { type Kysely, sql } from 'kysely';

/**
 * Counters that every write touches, spread over slots so writes of different members do not wait
 * on one row: `withdrawal_totals` (every withdrawal creation and decision), `user_counts` (every
 * sign-up, verification, payment, link), `reward_totals` and `reward_extremes` (every DIRECT reward
 * and cycle).
 *
 * - Each keeps one row per (key, slot), `counterSlots` slots. A writer adds to the row of its
 *   transaction's slot, `counter_slot()`: the transaction id modulo the slots. Transactions that
 *   run at the same time have nearby, distinct ids, so they land on different rows; all the
 *   counter writes of ONE transaction land in the same slot, so the key order each trigger already
 *   keeps is still the only lock order (two transactions meeting in a slot queue, as they did on
 *   the single row, and never deadlock across slots).
 * - Readers sum (count, amount) or take max/min (extremes) over the slots: at most
 *   `counterSlots` × keys rows, still no scan of the counted tables. Statistics stay exact.
 * - A slot's count can go below zero (a member counted into slot 3, out of slot 5), so the
 *   per-row CHECK (>= 0) goes; the tests compare the sums with full counts instead.
 * - Rows are created on first use (INSERT … ON CONFLICT), so loads that recount into slot 0 (the
 *   seeding scripts) keep working.
 */
export const counterSlots = 32;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql VOLATILE AS $$
      SELECT (pg_current_xact_id()::text::bigint % ${sql.lit(counterSlots)})::smallint
    $$`.execute(db);

  for (const [table, key] of [
    ['withdrawal_totals', 'status'],
    ['user_counts', 'status, email_verified, ever_paid, exchange_linked'],
    ['reward_totals', 'type, level, state'],
    ['reward_extremes', 'type, level'],
  ] as const) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN slot smallint NOT NULL DEFAULT 0
               CHECK (slot >= 0 AND slot < ${sql.lit(counterSlots)})`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD PRIMARY KEY (${sql.raw(key)}, slot)`.execute(db);
  }
  await sql`ALTER TABLE user_counts DROP CONSTRAINT user_counts_members_check`.execute(db);
  await sql`ALTER TABLE reward_totals DROP CONSTRAINT reward_totals_rewards_check`.execute(db);

  // The statuses are visited in order, as before; both land in this transaction's slot.
  await sql`
    CREATE OR REPLACE FUNCTION withdrawal_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      moved text;
      here smallint := counter_slot();
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO withdrawal_totals AS t (status, slot, withdrawals, amount) VALUES (NEW.status, here, 1, NEW.amount)
            ON CONFLICT (status, slot) DO UPDATE SET withdrawals = t.withdrawals + 1, amount = t.amount + NEW.amount;
      ELSIF OLD.status <> NEW.status THEN
        FOR moved IN SELECT unnest(ARRAY[OLD.status, NEW.status]) ORDER BY 1 LOOP
          INSERT INTO withdrawal_totals AS t (status, slot, withdrawals, amount)
          VALUES (moved, here, CASE WHEN moved = NEW.status THEN 1 ELSE -1 END,
                  CASE WHEN moved = NEW.status THEN NEW.amount ELSE -OLD.amount END)
              ON CONFLICT (status, slot) DO UPDATE
             SET withdrawals = t.withdrawals + EXCLUDED.withdrawals, amount = t.amount + EXCLUDED.amount;
        END LOOP;
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION user_counts_add(group_status text, verified boolean, paid boolean, linked boolean, delta integer)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO user_counts AS c (status, email_verified, ever_paid, exchange_linked, slot, members)
      VALUES (group_status, verified, paid, linked, counter_slot(), delta)
          ON CONFLICT (status, email_verified, ever_paid, exchange_linked, slot) DO UPDATE SET members = c.members + delta;
    END $$`.execute(db);

  // The changes' own slot field is ignored: they go to this transaction's slot, in key order.
  await sql`
    CREATE OR REPLACE FUNCTION reward_totals_apply(changes reward_totals[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO reward_totals AS t (type, level, state, slot, rewards, reward_amount, master_amount)
      SELECT c.type, c.level, c.state, counter_slot(), c.rewards, c.reward_amount, c.master_amount
        FROM unnest(changes) c
       ORDER BY c.type, c.level, c.state
          ON CONFLICT (type, level, state, slot) DO UPDATE
         SET rewards = t.rewards + EXCLUDED.rewards,
             reward_amount = t.reward_amount + EXCLUDED.reward_amount,
             master_amount = t.master_amount + EXCLUDED.master_amount;
    END $$`.execute(db);

  // As in 0051 (totals, then extremes), each into this transaction's slot.
  await sql`
    CREATE OR REPLACE FUNCTION rewards_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      added reward_totals[];
      widened reward_extremes[];
    BEGIN
      WITH grouped AS (
        SELECT type, level, state, count(*) AS rewards, sum(reward_amount) AS reward_amount,
               sum(master_amount) AS master_amount, max(reward_amount) AS max_reward,
               min(reward_amount) AS min_reward, min(id) AS first_id, max(id) AS last_id
          FROM new_rows
         GROUP BY type, level, state
      )
      SELECT ARRAY(SELECT ROW(type, level, state, rewards, reward_amount, master_amount, 0)::reward_totals FROM grouped),
             ARRAY(SELECT ROW(type, level, max(max_reward), min(min_reward), min(first_id), max(last_id), 0)::reward_extremes
                     FROM grouped GROUP BY type, level)
        INTO added, widened;
      PERFORM reward_totals_apply(added);
      INSERT INTO reward_extremes AS e (type, level, slot, max_reward, min_reward, first_id, last_id)
      SELECT type, level, counter_slot(), max_reward, min_reward, first_id, last_id
        FROM unnest(widened) ORDER BY type, level
          ON CONFLICT (type, level, slot) DO UPDATE
         SET max_reward = greatest(e.max_reward, EXCLUDED.max_reward),
             min_reward = least(e.min_reward, EXCLUDED.min_reward),
             first_id = least(e.first_id, EXCLUDED.first_id),
             last_id = greatest(e.last_id, EXCLUDED.last_id);
      RETURN NULL;
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION rewards_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM reward_totals_apply(ARRAY(
        SELECT ROW(type, level, state, sum(rewards), sum(reward_amount), sum(master_amount), 0)::reward_totals
          FROM (SELECT type, level, state, 1 AS rewards, reward_amount, master_amount FROM new_rows
                UNION ALL
                SELECT type, level, state, -1, -reward_amount, -master_amount FROM old_rows) AS moved
         GROUP BY type, level, state
        HAVING sum(rewards) <> 0));
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0110-counter-slots cannot be undone: fold the slots by hand first');
}
