import { type Kysely, type Selectable, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import type { Database, RewardCycleRunsTable } from '../../db/schema';

/** The recorded runs of the reward cycles (one row, or a few, per cycle) and the lock a run of a cycle holds. */

/** Serialises runs of one cycle across connections and processes, until the transaction ends. */
export async function lockRewardCycle(trx: Kysely<Database>, cycle: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${rewardCycleLockSpace}, ${cycle})`.execute(trx);
}
const rewardCycleLockSpace = 73_010;

export type CycleRunRow = Selectable<RewardCycleRunsTable>;

export function findDistributedRun(db: Kysely<Database>, cycle: number): Promise<CycleRunRow | undefined> {
  return db
    .selectFrom('reward_cycle_runs')
    .selectAll()
    .where('cycle', '=', cycle)
    .where('outcome', '=', 'DISTRIBUTED')
    .executeTakeFirst();
}

/** A page of the runs, the newest first (the table holds one row or a few per cycle: no counter needed). */
export async function findCycleRuns(
  db: Kysely<Database>,
  page: PageWindow,
): Promise<{ rows: CycleRunRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('reward_cycle_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom('reward_cycle_runs').select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** The newest distributed cycle, 0 when none is. */
export async function latestDistributedCycle(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('reward_cycle_runs')
    .select((eb) => eb.fn.max('cycle').as('cycle'))
    .where('outcome', '=', 'DISTRIBUTED')
    .executeTakeFirst();
  return row?.cycle ?? 0;
}

export type NewCycleRun = Omit<CycleRunRow, 'id'>;

export async function recordCycleRun(db: Kysely<Database>, run: NewCycleRun): Promise<CycleRunRow> {
  return db.insertInto('reward_cycle_runs').values(run).returningAll().executeTakeFirstOrThrow();
}
