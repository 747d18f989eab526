import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Makes members whose subscription period has ended count as unpaid in their uplines'
 * referral statistics. The profile compares the period end with the clock on every read; the
 * referral network keeps the flag on its closure rows, so it must be told when time runs out.
 * Each sweep covers the periods that ended since the previous sweep (one indexed range), and
 * both steps run in one transaction, so a crash never skips a member.
 */
export async function sweepLapsedSubscriptions(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const checkpoint = await sql<{ swept_until: Date }>`
      SELECT swept_until FROM subscription_expiry_checkpoint FOR UPDATE`.execute(trx);
    const sweptUntil = checkpoint.rows[0]?.swept_until ?? new Date(0);
    if (sweptUntil >= now) return 0;
    const lapsed = await sql`
      UPDATE referral_closure c
         SET member_subscription_paid = false
        FROM users u
       WHERE u.subscription_period_ends_at > ${sweptUntil}
         AND u.subscription_period_ends_at <= ${now}
         AND c.descendant_id = u.id
         AND c.member_subscription_paid`.execute(trx);
    await sql`UPDATE subscription_expiry_checkpoint SET swept_until = ${now}`.execute(trx);
    return Number(lapsed.numAffectedRows ?? 0);
  });
}
