import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  lockExpirySweepCheckpoint,
  markLapsedSubscriptionsUnpaid,
  saveExpirySweepCheckpoint,
} from './subscription-repository';

/**
 * Makes members whose subscription period has ended count as unpaid in their uplines'
 * referral statistics. The profile compares the period end with the clock on every read; the
 * referral network keeps the flag on its closure rows, so it must be told when time runs out.
 * Each sweep covers the periods that ended since the previous sweep (one indexed range), and
 * both steps run in one transaction, so a crash never skips a member.
 */
export async function sweepLapsedSubscriptions(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const sweptUntil = await lockExpirySweepCheckpoint(trx);
    if (sweptUntil >= now) return 0;
    const lapsed = await markLapsedSubscriptionsUnpaid(trx, sweptUntil, now);
    await saveExpirySweepCheckpoint(trx, now);
    return lapsed;
  });
}
