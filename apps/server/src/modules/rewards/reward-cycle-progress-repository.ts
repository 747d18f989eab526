import type { Kysely, Selectable } from 'kysely';
import type { Database, RewardCycleProgressTable } from '../../db/schema';

/**
 * The run under way of a cycle (chunk cursors and totals so far) and the lease that lets one
 * preview or run of a cycle go at a time (migration 0061).
 */
export type CycleProgressRow = Selectable<RewardCycleProgressTable>;

export function findCycleProgress(db: Kysely<Database>, cycle: number): Promise<CycleProgressRow | undefined> {
  return db.selectFrom('reward_cycle_progress').selectAll().where('cycle', '=', cycle).executeTakeFirst();
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

export type CycleWork = 'PREVIEW' | 'RUN';

/** Takes the lease when nobody holds it or the holder's has expired; false when another holds it. */
export async function takeCycleLease(
  db: Kysely<Database>,
  lease: { holder: string; cycle: number; work: CycleWork; now: Date; expiresAt: Date },
): Promise<boolean> {
  const taken = await db
    .insertInto('reward_cycle_lease')
    .values({ holder: lease.holder, cycle: lease.cycle, work: lease.work, expires_at: lease.expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          cycle: eb.ref('excluded.cycle'),
          work: eb.ref('excluded.work'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('reward_cycle_lease.expires_at', '<=', lease.now),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Extends the holder's lease; false when it is no longer theirs (it expired and was taken). */
export async function renewCycleLease(db: Kysely<Database>, holder: string, expiresAt: Date): Promise<boolean> {
  const renewed = await db
    .updateTable('reward_cycle_lease')
    .set({ expires_at: expiresAt })
    .where('holder', '=', holder)
    .executeTakeFirst();
  return renewed.numUpdatedRows > 0n;
}

export async function releaseCycleLease(db: Kysely<Database>, holder: string): Promise<void> {
  await db.deleteFrom('reward_cycle_lease').where('holder', '=', holder).execute();
}
