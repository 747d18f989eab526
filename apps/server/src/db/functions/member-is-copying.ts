import type { RuleFunction } from './rule-function';

/**
 * "Copying now" judges a member only by a cycle they could have copied in: the newest distributed
 * cycle's statement, if the member had linked their exchange account before that cycle ended. A
 * member who linked later (or before any cycle) is not judged until the next cycle's statement.
 * @rule COPYING_NOW
 */
export const memberIsCopying: RuleFunction = {
  name: 'member_is_copying',
  definition: `
    CREATE OR REPLACE FUNCTION member_is_copying(member_id uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT coalesce((
        SELECT EXISTS (SELECT 1 FROM reward_statement_entries e WHERE e.cycle = run.cycle AND e.copier_id = member_id)
            OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = member_id AND u.bingx_linked_at < run.cycle_ends_at)
          FROM reward_cycle_runs run
         WHERE run.outcome = 'DISTRIBUTED'
         ORDER BY run.cycle DESC
         LIMIT 1), true)
    $$`,
};
