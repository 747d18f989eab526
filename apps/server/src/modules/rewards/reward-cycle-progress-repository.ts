import type { Kysely, Selectable } from 'kysely';
import type { Database, RewardCycleProgressTable } from '../../db/schema';

/** The run under way of a cycle: chunk cursors and totals so far (migration 0061). */
export type CycleProgressRow = Selectable<RewardCycleProgressTable>;

export function findCycleProgress(db: Kysely<Database>, cycle: number): Promise<CycleProgressRow | undefined> {
  return db.selectFrom('reward_cycle_progress').selectAll().where('cycle', '=', cycle).executeTakeFirst();
}

/** The runs under way, or left half-way by a process that died, oldest cycle first. */
export function findCyclesInProgress(db: Kysely<Database>): Promise<CycleProgressRow[]> {
  return db.selectFrom('reward_cycle_progress').selectAll().orderBy('cycle').execute();
}

export type NewCycleProgress = Pick<
  CycleProgressRow,
  | 'cycle'
  | 'source'
  | 'basis'
  | 'started_by'
  | 'started_at'
  | 'judged_at'
  | 'plan_version'
  | 'input_count'
  | 'unknown_uids'
  | 'total_master_amount'
>;

export async function startCycleProgress(trx: Kysely<Database>, progress: NewCycleProgress): Promise<CycleProgressRow> {
  return trx.insertInto('reward_cycle_progress').values(progress).returningAll().executeTakeFirstOrThrow();
}

/** Ends the run under way: its row goes in the transaction that records the run. */
export function endCycleProgress(trx: Kysely<Database>, cycle: number): Promise<CycleProgressRow | undefined> {
  return trx.deleteFrom('reward_cycle_progress').where('cycle', '=', cycle).returningAll().executeTakeFirst();
}
