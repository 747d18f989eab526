import type { FastifyInstance } from 'fastify';
import type { JobLock } from './jobs/job-lock';
import { startRecurringJob } from './jobs/recurring-job';
import { forgetStaleSignInAttempts } from './modules/accounts/sign-in-attempts-repository';
import { foldLedgerTotals } from './modules/ledger/ledger-repository';
import { writeDueNotices } from './modules/notifications/notice-jobs';
import { startTreasuryReconciliationJob } from './modules/payouts/treasury-reconciliation-job';
import { closeFinishedCycles } from './modules/rewards/close-finished-cycles';
import { refreshExchangeBalances } from './modules/rewards/refresh-exchange-balances';
import { recordRewardCycle } from './modules/rewards/reward-cycle-metrics';
import { settleLockedRewards } from './modules/rewards/settle-locked-rewards';
import { startDepositScanJob } from './modules/subscription/deposit-scan-job';
import { sweepLapsedSubscriptions } from './modules/subscription/subscription-expiry';

/**
 * The recurring work of a server process, each job under the database's job lock so that one
 * process runs it at a time; every job stops when the app closes.
 */
export function startBackgroundJobs(app: FastifyInstance, lock: JobLock): void {
  const { db, clock } = app.context;
  const jobs = [
    startDepositScanJob(app.context, lock, app.log),
    startTreasuryReconciliationJob(app.context, lock, app.log),
    startRecurringJob({
      name: 'subscription-expiry',
      intervalMs: 60_000,
      lock,
      logger: app.log,
      work: async () => {
        await sweepLapsedSubscriptions(db, clock.now());
      },
    }),
    startRecurringJob({
      name: 'reward-cycle-close',
      intervalMs: app.context.config.rewards.cycleCloseIntervalMs,
      lock,
      logger: app.log,
      work: async () => {
        for (const run of await closeFinishedCycles(app.context)) {
          recordRewardCycle(run);
          app.log.info(run, 'reward cycle closed');
        }
      },
    }),
    startRecurringJob({
      name: 'exchange-balance-refresh',
      intervalMs: 60_000,
      lock,
      logger: app.log,
      work: async () => {
        const refresh = await refreshExchangeBalances(app.context);
        if (refresh.checked > 0 || refresh.interrupted) app.log.info(refresh, 'exchange balances refreshed');
      },
    }),
    startRecurringJob({
      name: 'locked-rewards-sweep',
      intervalMs: 60 * 60_000,
      lock,
      logger: app.log,
      work: async () => {
        const settled = await settleLockedRewards(app.context);
        if (settled.released > 0 || settled.forfeited > 0) app.log.info(settled, 'locked rewards settled');
      },
    }),
    startRecurringJob({
      name: 'notices',
      intervalMs: 15 * 60_000,
      lock,
      logger: app.log,
      work: async () => {
        const written = await writeDueNotices(app.context);
        if (Object.values(written).some((count) => count > 0)) {
          app.log.info(written, 'notices written');
          app.context.mailWorker.wake();
        }
      },
    }),
    startRecurringJob({
      // The administrators' ledger totals add the changes not folded yet: folding keeps those few.
      name: 'ledger-totals-fold',
      intervalMs: 60_000,
      lock,
      logger: app.log,
      work: async () => {
        await foldLedgerTotals(db);
      },
    }),
    startRecurringJob({
      name: 'sign-in-attempts-sweep',
      intervalMs: 60 * 60_000,
      lock,
      logger: app.log,
      work: async () => {
        await forgetStaleSignInAttempts(db);
      },
    }),
  ];
  for (const job of jobs) app.addHook('onClose', async () => job?.stop());
}
