import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { wholeCents } from '../ledger/whole-cents';

export interface CreditedDirectReward {
  id: string;
  beneficiary_id: string;
  reward_amount: string;
  state: 'POSTED' | 'LOCKED';
}

/**
 * The sponsor's DIRECT reward for a referral whose subscription period was just paid: the
 * current plan's percent of the fee, level 1, in the cycle of the payment, credited or locked by
 * the sponsor's compliance now, with its ledger entry and counter — in the caller's transaction.
 * Nothing when the member has no sponsor, the sponsor is an administrator or deleted, or this cycle's
 * DIRECT reward for the member was already credited (once per paid period).
 *
 * The credit is whole cents: the exact reward plus the sponsor's carry, rounded down, the rest
 * carried (migration 0120). The sponsor's row and then their account are locked first (the lock
 * order of `lockLedgerAccount`), so the carry read is the one a cycle's booking leaves behind.
 * @rule DIRECT_REWARD
 */
export async function creditDirectReward(
  trx: Kysely<Database>,
  payerId: string,
  fee: string,
  cycle: number,
  minimumBalance: string,
  at: Date,
): Promise<CreditedDirectReward | undefined> {
  await sql`
    SELECT sponsor.id FROM users payer JOIN users sponsor ON sponsor.id = payer.sponsor_id
     WHERE payer.id = ${payerId} FOR SHARE OF sponsor`.execute(trx);
  await sql`
    SELECT a.user_id FROM users payer JOIN ledger_accounts a ON a.user_id = payer.sponsor_id
     WHERE payer.id = ${payerId} FOR UPDATE OF a`.execute(trx);
  const { rows } = await sql<CreditedDirectReward>`
    WITH written AS (
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      SELECT sponsor.id, payer.id, 'DIRECT', 1, ${cycle}, plan.version, plan.direct_percent,
             ${fee}::numeric, round(${fee}::numeric * plan.direct_percent / 100, 8),
             CASE WHEN cardinality(member_compliance_failures(sponsor, ${at}, ${minimumBalance}::numeric,
                                                              member_is_copying(sponsor.id))) = 0
                  THEN 'POSTED' ELSE 'LOCKED' END,
             ${at}
        FROM users payer
        JOIN users sponsor ON sponsor.id = payer.sponsor_id
       CROSS JOIN (SELECT version, direct_percent FROM reward_plans ORDER BY version DESC LIMIT 1) AS plan
       WHERE payer.id = ${payerId}
         AND NOT sponsor.is_admin
         AND sponsor.deleted_at IS NULL
         AND round(${fee}::numeric * plan.direct_percent / 100, 8) > 0
      ON CONFLICT ON CONSTRAINT rewards_credited_once DO NOTHING
      RETURNING id, beneficiary_id, reward_amount, state
    ),
    counted AS (
      INSERT INTO reward_counts AS rc (beneficiary_id, type, level, rewards)
      SELECT beneficiary_id, 'DIRECT', 1, 1 FROM written
      ON CONFLICT (beneficiary_id, type, level) DO UPDATE SET rewards = rc.rewards + 1
    ),
    booked AS (
      INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id, created_at)
      SELECT w.beneficiary_id, CASE w.state WHEN 'POSTED' THEN 'CREDIT_POSTED' ELSE 'CREDIT_PENDING' END,
             ${wholeCents(sql`w.reward_amount`, sql`a.carry`)},
             w.reward_amount - ${wholeCents(sql`w.reward_amount`, sql`a.carry`)}, 'REWARD', w.id::text, ${at}
        FROM written w
        JOIN ledger_accounts a ON a.user_id = w.beneficiary_id
    )
    SELECT id::text, beneficiary_id, reward_amount::text, state FROM written`.execute(trx);
  return rows[0];
}
