import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const dayMs = 86_400_000;

/**
 * The run of an uploaded cycle that distributed nothing, finished at `finishedAt`, over the week
 * that ended a week before it; `inputCount` statement lines.
 */
export async function recordDistributedRun(
  db: Kysely<Database>,
  cycle: number,
  finishedAt: Date,
  inputCount = 0,
): Promise<void> {
  await db
    .insertInto('reward_cycle_runs')
    .values({
      cycle,
      cycle_starts_at: new Date(finishedAt.getTime() - 14 * dayMs),
      cycle_ends_at: new Date(finishedAt.getTime() - 7 * dayMs),
      source: 'UPLOAD',
      outcome: 'DISTRIBUTED',
      started_by: null,
      started_at: finishedAt,
      finished_at: finishedAt,
      plan_version: 1,
      input_count: inputCount,
      unknown_uids: [],
      rewards_written: 0,
      total_master_amount: '0',
      total_paid: '0',
      total_locked: '0',
      duration_ms: 5,
    })
    .execute();
}
