import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database, UserRow } from '../db/schema';
import { sessionHeaders } from './builders';
import type { TestApp } from './test-app';

/** The member's own reward statistics, as their rewards page asks for them. */
export async function rewardStatsOf(t: TestApp, member: UserRow) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/rewards/stats/${member.id}`,
    headers: sessionHeaders(t.app, member),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/**
 * Where the reward statistics counters (`reward_totals`, summed over their slots) and the rewards
 * they count disagree, each row marked with its side ('counter' or 'truth'): none while they agree.
 */
export async function rewardTotalsDrift(db: Kysely<Database>): Promise<unknown[]> {
  const { rows } = await sql`
    WITH truth AS (
      SELECT type, level, state, count(*) AS rewards, sum(reward_amount) AS reward_amount,
             sum(master_amount) AS master_amount
        FROM rewards GROUP BY 1, 2, 3
    ), kept AS (
      SELECT type, level, state, sum(rewards) AS rewards, sum(reward_amount) AS reward_amount,
             sum(master_amount) AS master_amount
        FROM reward_totals GROUP BY 1, 2, 3 HAVING sum(rewards) > 0
    )
    (SELECT 'counter' AS side, * FROM kept EXCEPT SELECT 'counter', * FROM truth)
    UNION ALL
    (SELECT 'truth', * FROM truth EXCEPT SELECT 'truth', * FROM kept)`.execute(db);
  return rows;
}
