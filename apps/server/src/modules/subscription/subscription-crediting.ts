import { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ExchangeConfig } from '../../config/exchange-config';
import type { RewardsConfig } from '../../config/rewards-config';
import type { RiskConfig } from '../../config/risk-config';
import type { SubscriptionConfig } from '../../config/subscription-config';
import type { Database } from '../../db/schema';
import { creditDirectReward } from '../rewards/direct-rewards-repository';
import { cycleAt } from '../rewards/reward-cycle-calendar';
import { evaluateSubscriptionPayment } from '../risk/evaluate-risk';
import { lockMemberForCrediting, startSubscriptionPeriod, unusedTransfers } from './subscription-repository';

const dayMs = 86_400_000;

/**
 * What crediting a period needs: the fee and period, for the sponsor's DIRECT reward the cycle
 * calendar and compliance minimum, and the risk rules' settings.
 */
export interface CreditingConfig {
  subscription: SubscriptionConfig;
  risk: RiskConfig;
  rewards: Pick<RewardsConfig, 'cycleEpoch' | 'cycleDays'>;
  exchange: Pick<ExchangeConfig, 'minimumBalance'>;
}

/**
 * Marks members paid whose confirmed, not yet used transfers reach the fee.
 *
 * Rules (ours; the product leaves them open):
 * - Only transfers since the member's account exists count (by block time, allowing for the
 *   validators' clock running behind ours). A transfer is used for one period only.
 * - Several smaller transfers add up. The period is paid at the block time of the transfer that
 *   reaches the fee (its hash is the one shown); every unused transfer is taken into that
 *   period, so an overpayment is recorded in `subscription_amount`, not lost.
 * - A payment made while a period still runs (an early renewal) waits; when that period ends the
 *   next one starts at its end, so no paid day is lost.
 * - "Paid" means the period has not ended: the profile compares `subscription_period_ends_at`
 *   with the clock, so expiry needs no job.
 *
 * - A paid period earns the sponsor a DIRECT reward in the same transaction (once per period),
 *   and the risk rules of the addresses that paid it are evaluated there too.
 *
 * Each member is credited in its own transaction under a row lock, so the background job and an
 * on-demand refresh cannot both credit the same transfers. A member whose crediting fails (say
 * transfers whose sum the ledger cannot hold) is logged and left for the next run: the others
 * are credited all the same.
 */
export async function creditSubscriptions(
  db: Kysely<Database>,
  memberIds: readonly string[],
  config: CreditingConfig,
  now: Date,
  logger?: Pick<FastifyBaseLogger, 'error'>,
): Promise<string[]> {
  const credited: string[] = [];
  for (const memberId of memberIds) {
    try {
      if (await creditMember(db, memberId, config, now)) credited.push(memberId);
    } catch (error) {
      logger?.error({ err: error, memberId }, 'crediting a subscription failed; the other members are credited');
    }
  }
  return credited;
}

async function creditMember(
  db: Kysely<Database>,
  memberId: string,
  config: CreditingConfig,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await lockMemberForCrediting(trx, memberId);
    if (!member) return false;
    const previousEnd = member.subscription_period_ends_at;
    if (previousEnd && previousEnd > now) return false;

    const transfers = await unusedTransfers(trx, memberId, member.created_at)
      .select(['id', 'tx_hash', 'block_time', 'amount', 'from_address'])
      .orderBy('block_number')
      .orderBy('log_index')
      .execute();

    const fee = new Decimal(config.subscription.fee);
    let total = new Decimal(0);
    let completing: (typeof transfers)[number] | undefined;
    for (const transfer of transfers) {
      total = total.plus(transfer.amount);
      if (!completing && total.gte(fee)) completing = transfer;
    }
    if (!completing) return false;

    const paidAt = previousEnd && previousEnd > completing.block_time ? previousEnd : new Date(completing.block_time);
    const periodEndsAt = new Date(paidAt.getTime() + config.subscription.periodDays * dayMs);
    await startSubscriptionPeriod(
      trx,
      memberId,
      {
        paidAt,
        periodEndsAt,
        amount: total.toFixed(),
        transactionHash: completing.tx_hash,
        transferIds: transfers.map((transfer) => transfer.id),
      },
      now,
    );
    await creditDirectReward(
      trx,
      memberId,
      config.subscription.fee,
      Math.max(cycleAt(config.rewards, now), 1),
      config.exchange.minimumBalance,
      now,
    );
    await evaluateSubscriptionPayment(
      trx,
      config.risk,
      transfers.map((transfer) => transfer.from_address),
      now,
    );
    return true;
  });
}
