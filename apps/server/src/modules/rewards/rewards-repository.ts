import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface StoredRewardPlan {
  version: number;
  /** NUMERIC as a string. */
  directPercent: string;
  /** NUMERIC strings, levels 1..15 in order. */
  levelPercents: string[];
}

/** The newest plan version: the one new rewards are paid under. */
export async function findCurrentRewardPlan(db: Kysely<Database>): Promise<StoredRewardPlan> {
  const { rows } = await sql<{ version: number; direct_percent: string; level_percents: string[] }>`
    SELECT version, direct_percent, level_percents::text[] AS level_percents
      FROM reward_plans
     ORDER BY version DESC
     LIMIT 1`.execute(db);
  const plan = rows[0];
  // Migration 0020 stores version 1 and the table refuses deletes, so a plan always exists.
  if (!plan) throw new Error('reward_plans holds no plan');
  return { version: plan.version, directPercent: plan.direct_percent, levelPercents: plan.level_percents };
}
