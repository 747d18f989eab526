import type { Kysely } from 'kysely';
import { systemClock } from '../clock';
import type { Config } from '../config/load-config';
import type { Database } from '../db/schema';
import { SandboxExchangeGateway } from '../modules/exchange/sandbox-exchange-gateway';
import { creditDirectReward } from '../modules/rewards/direct-rewards-repository';
import { cycleAt, lastFinishedCycle } from '../modules/rewards/reward-cycle-calendar';
import { runRewardCycle } from '../modules/rewards/run-reward-cycle';

/** Cycles the demo distributes on its first start: the two that ended last. */
const demoCycles = 2;

/**
 * Real figures for the demo network, written by the product's own code: the DIRECT reward of
 * every paid member's sponsor (in the cycle of the payment), then the last two finished cycles
 * distributed from the sandbox exchange's deterministic statement. Runs once, right after the
 * demo network is created.
 */
export async function seedDemoRewards(db: Kysely<Database>, config: Config): Promise<number[]> {
  const paid = await db
    .selectFrom('users')
    .select(['id', 'subscription_paid_at'])
    .where('subscription_paid_at', 'is not', null)
    .where('sponsor_id', 'is not', null)
    .orderBy('subscription_paid_at')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const member of paid) {
      const paidAt = member.subscription_paid_at as Date;
      const cycle = Math.max(cycleAt(config.rewards, paidAt), 1);
      await creditDirectReward(trx, member.id, config.subscription.fee, cycle, config.exchange.minimumBalance, paidAt);
    }
  });

  const deps = {
    db,
    clock: systemClock,
    config,
    integrations: { exchangeGateway: new SandboxExchangeGateway(), depositChain: null },
  };
  const last = lastFinishedCycle(config.rewards, systemClock.now());
  const cycles: number[] = [];
  for (let cycle = Math.max(last - demoCycles + 1, 1); cycle <= last; cycle += 1) {
    await runRewardCycle(deps, { cycle, statement: { source: 'EXCHANGE' }, startedBy: null });
    cycles.push(cycle);
  }
  return cycles;
}
