import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import type { Database, UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { addMember, linkedMemberColumns, uniqueUid } from '../../testing/builders';
import { postCycleRequest } from '../../testing/cycle-requests';
import { createTestDatabase } from '../../testing/test-database';

/** Which partitions (leaves) hold each cycle's rewards of each type, and how many. */
async function partitionsOf(db: Kysely<Database>) {
  const { rows } = await sql<{ partition: string; cycle: number; type: string; rewards: string }>`
    SELECT tableoid::regclass::text AS partition, cycle, type, count(*)::text AS rewards
      FROM rewards GROUP BY 1, 2, 3 ORDER BY 2, 3`.execute(db);
  return rows;
}

/** The counters of 0051/0110, summed over their slots, next to a full count of `rewards`. */
async function countersAndFullCount(db: Kysely<Database>) {
  const { rows } = await sql<{ counted: string; full: string }>`
    SELECT (SELECT json_agg(t ORDER BY type, level, state)::text FROM (
              SELECT type, level, state, sum(rewards)::text AS rewards, sum(reward_amount)::text AS amount
                FROM reward_totals GROUP BY 1, 2, 3 HAVING sum(rewards) <> 0) AS t) AS counted,
           (SELECT json_agg(r ORDER BY type, level, state)::text FROM (
              SELECT type, level, state, count(*)::text AS rewards, sum(reward_amount)::text AS amount
                FROM rewards GROUP BY 1, 2, 3) AS r) AS full`.execute(db);
  return rows[0];
}

/** A partition reports the violation of `rewards_credited_once` under its own index's (shortened) name. */
const doubleCredit = (partition: string) => ({
  code: '23505',
  constraint: expect.stringMatching(new RegExp(`^${partition}_beneficiary_id_source_user_id_cyc\\w*_key$`)),
});

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
  );

describe('migration 0125 moves the rewards of an existing database into partitions by cycle', () => {
  let handle: DatabaseHandle;
  let before: { cycle: number; rewards: string; amount: string; ids: string }[];

  beforeAll(async () => {
    handle = await createTestDatabase({ migrateUpToName: '0110-counter-slots' });
    // Rewards of three cycles, DIRECT and DOWNLINE, some settled, written as the old table took them.
    await sql`
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      SELECT gen_random_uuid(), gen_random_uuid(), CASE WHEN n % 10 = 0 THEN 'DIRECT' ELSE 'DOWNLINE' END,
             CASE WHEN n % 10 = 0 THEN 1 ELSE 1 + n % 15 END, 1 + n % 3, 1, 5, 100 + n, (100 + n) * 0.05,
             CASE WHEN n % 4 = 0 THEN 'LOCKED' ELSE 'POSTED' END, now()
        FROM generate_series(1, 600) AS n`.execute(handle.db);
    await sql`UPDATE rewards SET state = 'RELEASED' WHERE state = 'LOCKED' AND cycle = 1`.execute(handle.db);
    before = await cycleSums();
    await migrateToLatest(handle.db);
  }, 180_000);
  afterAll(() => handle?.close());

  async function cycleSums() {
    const { rows } = await sql<{ cycle: number; rewards: string; amount: string; ids: string }>`
      SELECT cycle, count(*)::text AS rewards, sum(reward_amount)::text AS amount, sum(id)::text AS ids
        FROM rewards GROUP BY cycle ORDER BY cycle`.execute(handle.db);
    return rows;
  }

  it('keeps every reward, its id, the counts and the sums of each cycle, each cycle in its own partition', async () => {
    expect(before).toHaveLength(3);
    expect(await cycleSums()).toEqual(before);
    const partitions = await partitionsOf(handle.db);
    expect(partitions.map(({ partition, cycle, type }) => [partition, cycle, type])).toEqual(
      [1, 2, 3].flatMap((cycle) => [
        [`rewards_c00000${cycle}_direct`, cycle, 'DIRECT'],
        [`rewards_c00000${cycle}_other`, cycle, 'DOWNLINE'],
      ]),
    );
    for (const [index, cycle] of before.entries()) {
      const inCycle = partitions.filter((row) => row.cycle === cycle.cycle);
      expect(inCycle.reduce((sum, row) => sum + Number(row.rewards), 0)).toBe(Number(before[index]?.rewards));
    }
    const { rows } = await sql<{ kind: string }>`
      SELECT relkind::text AS kind FROM pg_class WHERE oid = 'rewards'::regclass`.execute(handle.db);
    expect(rows[0]?.kind).toBe('p');
    const counters = await countersAndFullCount(handle.db);
    expect(counters?.counted).toBe(counters?.full);
  });

  it('keeps counting, numbering and refusing on the partitioned table', async () => {
    const { rows: top } = await sql<{ max: string }>`SELECT max(id)::text AS max FROM rewards`.execute(handle.db);
    const beneficiary = '00000000-0000-0000-0000-0000000000b1';
    const source = '00000000-0000-0000-0000-0000000000c1';
    const insert = (cycle: number) =>
      sql<{ id: string }>`
        INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                             master_amount, reward_amount, state, created_at)
        VALUES (${beneficiary}, ${source}, 'DOWNLINE', 2, ${cycle}, 1, 2, 50, 1, 'LOCKED', now())
        RETURNING id::text`.execute(handle.db);

    const added = await insert(2);
    expect(BigInt(added.rows[0]?.id as string)).toBeGreaterThan(BigInt(top[0]?.max as string));
    // The double credit is refused, within a partition as before.
    expect(await errorOf(insert(2))).toEqual(doubleCredit('rewards_c000002_other'));

    // Settling moves the counters (statement trigger with transition tables, on the partitioned table).
    await sql`UPDATE rewards SET state = 'RELEASED' WHERE id = ${added.rows[0]?.id}::bigint`.execute(handle.db);
    const counters = await countersAndFullCount(handle.db);
    expect(counters?.counted).toBe(counters?.full);

    // A reward changes only its state; none is deleted, through the table or one partition.
    expect(
      (
        await errorOf(
          sql`UPDATE rewards SET reward_amount = 2 WHERE id = ${added.rows[0]?.id}::bigint`.execute(handle.db),
        )
      )?.code,
    ).toBe('23514');
    expect(await errorOf(sql`DELETE FROM rewards WHERE cycle = 2`.execute(handle.db))).toBeDefined();
    for (const partition of ['rewards_c000002', 'rewards_c000002_other', 'rewards_c000002_direct']) {
      expect(await errorOf(sql`DELETE FROM ${sql.table(partition)}`.execute(handle.db))).toBeDefined();
      expect(await errorOf(sql`TRUNCATE ${sql.table(partition)}`.execute(handle.db))).toBeDefined();
    }
    expect(await cycleSums()).toHaveLength(3);
  });

  it('keeps a cycle that reached the default partition there, still refusing its double credit', async () => {
    const insert = () =>
      sql`
        INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                             master_amount, reward_amount, state, created_at)
        VALUES ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-0000000000c2', 'DIRECT', 1, 900,
                1, 20, 10, 2, 'POSTED', now())`.execute(handle.db);
    await insert();
    const made = await sql<{ made: boolean }>`SELECT rewards_partition_for(900) AS made`.execute(handle.db);
    expect(made.rows[0]?.made).toBe(false);
    expect((await partitionsOf(handle.db)).find((row) => row.cycle === 900)?.partition).toBe('rewards_default');
    expect(await errorOf(insert())).toEqual(doubleCredit('rewards_default'));
  });
});

describe('a reward cycle gets its own partition', () => {
  const { t, adminHeaders } = adminTestAppForFile();

  const run = (body: unknown) => postCycleRequest(t, adminHeaders, '/api/rewards/admin/cycles', body);

  const duplicateOf = (source: UserRow, beneficiary: UserRow, cycle: number) =>
    sql`
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      VALUES (${beneficiary.id}, ${source.id}, 'DOWNLINE', 1, ${cycle}, 1, 5, 1000, 50, 'POSTED', now())`.execute(
      t.database.db,
    );

  it('loads a new cycle into a partition of its own, attached with its indexes after the load, and credits it once', async () => {
    const top = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const copier: UserRow = await addMember(t.database.db, top, linkedMemberColumns(uniqueUid()));
    const entries = [
      { bingXUID: top.bingx_uid as string, masterAmount: 0 },
      { bingXUID: copier.bingx_uid as string, masterAmount: '1000' },
    ];

    const first = await run({ cycle: 3, entries });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ outcome: 'DISTRIBUTED', rewardsWritten: 1 });
    const written = [{ partition: 'rewards_c000003_downline', cycle: 3, type: 'DOWNLINE', rewards: '1' }];
    expect(await partitionsOf(t.database.db)).toEqual(written);
    const { rows: indexes } = await sql<{ index: string; parent: string }>`
      SELECT c.relname AS index, i.inhparent::regclass::text AS parent
        FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_inherits i ON i.inhrelid = x.indexrelid
       WHERE x.indrelid = 'rewards_c000003_downline'::regclass ORDER BY 1`.execute(t.database.db);
    expect(indexes).toHaveLength(4);
    const next = await sql<{ made: string | null }>`SELECT to_regclass('rewards_c000004')::text AS made`.execute(
      t.database.db,
    );
    expect(next.rows[0]?.made).toBe('rewards_c000004');

    const again = await run({ cycle: 3, entries });
    expect(again.json().data).toMatchObject({ outcome: 'ALREADY_DISTRIBUTED', rewardsWritten: 0 });
    expect(await partitionsOf(t.database.db)).toEqual(written);
    expect(await errorOf(duplicateOf(copier, top, 3))).toEqual(doubleCredit('rewards_c000003_downline'));
    const counters = await countersAndFullCount(t.database.db);
    expect(counters?.counted).toBe(counters?.full);
  });
});
