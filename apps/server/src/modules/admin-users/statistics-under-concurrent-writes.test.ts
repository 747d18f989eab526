import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  createMember,
  creditReward,
  fundedMember,
  payoutsUnverified,
  requestedWithdrawal,
  uniqueEmail,
} from '../../testing/builders';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A small seeded generator: a failure names its seed and replays the same writes. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

/**
 * The counters every write touches are spread over slots (migration 0110); the statistics read
 * their sums. After many writes of different members at once (on PostgreSQL truly concurrent), each
 * sum equals a full count of the rows it stands for, and the dashboard says the same.
 */
describe('statistics stay exact while many members write at once', () => {
  // Many pending withdrawals per member: the writes here are about counters, not the limit.
  const { withdrawals } = payoutsUnverified();
  const { t, adminHeaders } = adminTestAppForFile({
    config: { withdrawals: withdrawals && { ...withdrawals, maxPending: 1000 } },
  });
  const seed = Number(process.env.COUNTER_TEST_SEED ?? Date.now() % 100_000);

  async function drift() {
    const { rows } = await sql<{ counter: string; key: string; kept: string | null; truth: string | null }>`
      WITH kept_withdrawals AS (
        SELECT status, sum(withdrawals) AS n, sum(amount) AS amount FROM withdrawal_totals GROUP BY 1
      ), true_withdrawals AS (
        SELECT status, count(*) AS n, sum(amount) AS amount FROM withdrawals GROUP BY 1
      ), kept_members AS (
        SELECT status, email_verified, ever_paid, exchange_linked, sum(members) AS n FROM user_counts GROUP BY 1, 2, 3, 4
      ), true_members AS (
        SELECT status, is_email_verified AS email_verified, subscription_paid_at IS NOT NULL AS ever_paid,
               bingx_uid IS NOT NULL AS exchange_linked, count(*) AS n
          FROM users WHERE deleted_at IS NULL AND NOT is_admin GROUP BY 1, 2, 3, 4
      ), kept_rewards AS (
        SELECT type, level, state, sum(rewards) AS n, sum(reward_amount) AS amount, sum(master_amount) AS master
          FROM reward_totals GROUP BY 1, 2, 3
      ), true_rewards AS (
        SELECT type, level, state, count(*) AS n, sum(reward_amount) AS amount, sum(master_amount) AS master
          FROM rewards GROUP BY 1, 2, 3
      ), kept_extremes AS (
        SELECT type, level, max(max_reward) AS top, min(min_reward) AS bottom, min(first_id) AS first, max(last_id) AS last
          FROM reward_extremes GROUP BY 1, 2
      ), true_extremes AS (
        SELECT type, level, max(reward_amount) AS top, min(reward_amount) AS bottom, min(id) AS first, max(id) AS last
          FROM rewards GROUP BY 1, 2
      )
      SELECT 'withdrawals' AS counter, status AS key, ROW(k.n, k.amount)::text AS kept, ROW(r.n, r.amount)::text AS truth
        FROM kept_withdrawals k FULL JOIN true_withdrawals r USING (status)
       WHERE ROW(coalesce(k.n, 0), coalesce(k.amount, 0)) IS DISTINCT FROM ROW(coalesce(r.n, 0), coalesce(r.amount, 0))
      UNION ALL
      SELECT 'members', concat_ws('/', status, email_verified, ever_paid, exchange_linked), k.n::text, r.n::text
        FROM kept_members k FULL JOIN true_members r USING (status, email_verified, ever_paid, exchange_linked)
       WHERE coalesce(k.n, 0) IS DISTINCT FROM coalesce(r.n, 0)
      UNION ALL
      SELECT 'rewards', concat_ws('/', type, level, state), ROW(k.n, k.amount, k.master)::text,
             ROW(r.n, r.amount, r.master)::text
        FROM kept_rewards k FULL JOIN true_rewards r USING (type, level, state)
       WHERE ROW(coalesce(k.n, 0), coalesce(k.amount, 0), coalesce(k.master, 0))
             IS DISTINCT FROM ROW(coalesce(r.n, 0), coalesce(r.amount, 0), coalesce(r.master, 0))
      UNION ALL
      SELECT 'extremes', concat_ws('/', type, level), ROW(k.top, k.bottom, k.first, k.last)::text,
             ROW(r.top, r.bottom, r.first, r.last)::text
        FROM kept_extremes k FULL JOIN true_extremes r USING (type, level)
       WHERE ROW(k.top, k.bottom, k.first, k.last) IS DISTINCT FROM ROW(r.top, r.bottom, r.first, r.last)`.execute(
      t.database.db,
    );
    return rows;
  }

  it('keeps every counter equal to a full count after random concurrent writes', async () => {
    const { db } = t.database;
    const random = randomFrom(seed);
    // Members who withdraw, and others whose status and rewards change (a disabled member cannot withdraw).
    const members: UserRow[] = [];
    const others: UserRow[] = [];
    for (let index = 0; index < 16; index += 1) {
      members.push(await fundedMember(db, '500'));
      others.push(await createMember(db));
    }
    const pending: string[] = [];

    // Each write is one member's own request or an administrator's decision; they run all at once.
    const writes: (() => Promise<unknown>)[] = [];
    for (let index = 0; index < 96; index += 1) {
      const member = members[random(members.length)] as UserRow;
      const amount = 1 + random(20);
      switch (random(6)) {
        case 0:
        case 1:
          writes.push(async () => pending.push(await requestedWithdrawal(t, member, amount)));
          break;
        case 2:
          writes.push(async () => {
            const id = pending.shift();
            if (!id) return;
            const decision =
              random(2) === 0
                ? { status: 'APPROVED', transactionHash: `0x${index.toString(16).padStart(64, '0')}` }
                : { status: 'REJECTED', reason: 'Not this time' };
            const answer = await t.app.inject({
              method: 'PUT',
              url: `/api/withdrawals/${id}`,
              headers: adminHeaders,
              payload: decision,
            });
            expect(answer.statusCode).toBe(200);
          });
          break;
        case 3:
          writes.push(() =>
            createMember(db, {
              email: uniqueEmail('joiner'),
              verified: random(2) === 0,
              subscriptionPaid: random(2) === 0,
              status: random(4) === 0 ? 'LOCKED' : 'ACTIVE',
            }),
          );
          break;
        case 4:
          writes.push(() =>
            creditReward(db, {
              beneficiary: others[random(others.length)] as UserRow,
              source: members[random(members.length)] as UserRow,
              amount: `${1 + random(9)}.${random(100_000)}`,
              type: 'DOWNLINE',
              level: 1 + random(15),
              cycle: 1000 + index,
              state: random(2) === 0 ? 'LOCKED' : 'POSTED',
            }),
          );
          break;
        default: {
          const other = others[random(others.length)] as UserRow;
          writes.push(() =>
            db.transaction().execute(async (trx) => {
              await trx
                .updateTable('users')
                .set({
                  is_email_verified: random(2) === 0,
                  status: random(3) === 0 ? 'DISABLED' : 'ACTIVE',
                  // Made an administrator (and so no longer a member) or a member again: counted out and in.
                  ...(random(4) === 0
                    ? { is_admin: true, admin_role: 'ANALYST', admin_status: 'ACTIVE' }
                    : { is_admin: false, admin_role: null, admin_status: null }),
                })
                .where('id', '=', other.id)
                .execute();
              await trx
                .updateTable('rewards')
                .set({ state: 'RELEASED' })
                .where('beneficiary_id', '=', other.id)
                .where('state', '=', 'LOCKED')
                .execute();
            }),
          );
        }
      }
    }
    const outcomes = await Promise.allSettled(writes.map((write) => write()));
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failures, `seed ${seed}`).toEqual([]);

    expect(await drift(), `seed ${seed}`).toEqual([]);
    const truth = await sql<{ members: number; pending: number; onboarded: number }>`
      SELECT (SELECT count(*)::int FROM users WHERE deleted_at IS NULL AND NOT is_admin) AS members,
             (SELECT count(*)::int FROM withdrawals WHERE status = 'PENDING') AS pending,
             (SELECT count(*)::int FROM users WHERE deleted_at IS NULL AND NOT is_admin AND subscription_paid_at IS NOT NULL
                 AND bingx_uid IS NOT NULL) AS onboarded`.execute(db);
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/users/admin/overall-stats', headers: adminHeaders })
    ).json().data;
    expect(stats.users).toMatchObject({
      totalUsers: truth.rows[0]?.members,
      completedOnboarding: truth.rows[0]?.onboarded,
    });
    expect(stats.withdrawals.pendingCount).toBe(truth.rows[0]?.pending);

    if (onPostgres) {
      // The writes really were spread: several slots hold part of the counts.
      const { rows } = await sql<{ slots: number }>`
        SELECT count(DISTINCT slot)::int AS slots FROM withdrawal_totals WHERE withdrawals <> 0`.execute(db);
      expect(rows[0]?.slots).toBeGreaterThan(1);
    }
  }, 300_000);

  it.runIf(onPostgres)('lets a member join while another member’s sign-up of the same kind is still open', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    // The test database's own name, from a connection of the app's pool.
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.db);
    url.pathname = `/${rows[0]?.name}`;
    const first = new pg.Client({ connectionString: url.toString() });
    const second = new pg.Client({ connectionString: url.toString() });
    await first.connect();
    await second.connect();
    try {
      const join = (client: pg.Client, label: string) =>
        client.query(
          `INSERT INTO users (first_name, last_name, email, password_hash, referral_code, created_at, updated_at)
           VALUES ('Con', 'Current', $1, 'x', $2, now(), now())`,
          [uniqueEmail(label), `CC${label.toUpperCase()}${Date.now() % 100_000}`],
        );
      const before = await drift();
      await first.query('BEGIN');
      await join(first, 'first');
      // On one counter row this insert would wait for the open transaction; a lock timeout turns
      // that wait into a failure instead of a hang.
      await second.query("SET lock_timeout = '20s'");
      await join(second, 'second');
      await first.query('COMMIT');
      expect(before).toEqual([]);
      expect(await drift()).toEqual([]);
    } finally {
      await first.end();
      await second.end();
    }
  });
});
