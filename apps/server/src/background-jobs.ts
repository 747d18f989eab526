import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobLock } from './jobs/job-lock';
import { type RecurringJobOptions, startRecurringJob } from './jobs/recurring-job';
import { forgetStaleSignInAttempts } from './modules/accounts/sign-in-attempts-repository';
import { followInviteeStages } from './modules/invitations/invitee-stages-job';
import { foldLedgerTotals } from './modules/ledger/ledger-repository';
import { writeDueNotices } from './modules/notifications/notice-jobs';
import { closeFinishedCycles } from './modules/rewards/close-finished-cycles';
import { refreshExchangeBalances } from './modules/rewards/refresh-exchange-balances';
import { resumeInterruptedCycles } from './modules/rewards/resume-interrupted-cycles';
import { recordRewardCycle } from './modules/rewards/reward-cycle-metrics';
import { settleLockedRewards } from './modules/rewards/settle-locked-rewards';
import { startRiskReviewJob } from './modules/risk/risk-review-job';
import { startDepositScanJob } from './modules/subscription/deposit-scan-job';
import { sweepLapsedSubscriptions } from './modules/subscription/subscription-expiry';
import { startTreasuryReconciliationJob } from './modules/treasury/treasury-reconciliation-job';

/**
 * The recurring work of a server process, each job under the database's job lock so that one
 * process runs it at a time; every job stops when the app closes.
 */
export function startBackgroundJobs(app: FastifyInstance, lock: JobLock): void {
  const { db, clock } = app.context;
  const log = backgroundJobLogger(app);
  const recurring = (job: Omit<RecurringJobOptions, 'lock' | 'logger'>) =>
    startRecurringJob({ ...job, lock, logger: log });
  /** The cycle runs a job finished, counted in the metrics and logged. */
  const recordCycleRuns = (runs: readonly RewardCycleRun[], message: string) => {
    for (const run of runs) {
      recordRewardCycle(run);
      log.info(run, message);
    }
  };
  const jobs = [
    startDepositScanJob(app.context, lock, log),
    startTreasuryReconciliationJob(app.context, lock, log),
    recurring({
      name: 'subscription-expiry',
      intervalMs: 60_000,
      work: async () => {
        await sweepLapsedSubscriptions(db, clock.now());
      },
    }),
    recurring({
      name: 'reward-cycle-close',
      intervalMs: app.context.config.rewards.cycleCloseIntervalMs,
      work: async () => recordCycleRuns(await closeFinishedCycles(app.context), 'reward cycle closed'),
    }),
    recurring({
      // A run a killed process left half-way is finished at the next start, or within a minute by
      // whichever process leads the jobs (issue 42).
      name: 'reward-cycle-resume',
      intervalMs: 60_000,
      firstRunAfterMs: 5_000,
      work: async () =>
        recordCycleRuns(await resumeInterruptedCycles(app.context), 'reward cycle resumed and distributed'),
    }),
    recurring({
      name: 'exchange-balance-refresh',
      intervalMs: 60_000,
      work: async () => {
        const refresh = await refreshExchangeBalances(app.context);
        if (refresh.checked > 0 || refresh.interrupted) log.info(refresh, 'exchange balances refreshed');
      },
    }),
    recurring({
      name: 'locked-rewards-sweep',
      intervalMs: 60 * 60_000,
      work: async () => {
        const settled = await settleLockedRewards(app.context);
        if (settled.released > 0 || settled.forfeited > 0) log.info(settled, 'locked rewards settled');
      },
    }),
    recurring({
      name: 'notices',
      intervalMs: 15 * 60_000,
      work: async () => {
        const written = await writeDueNotices(app.context);
        if (Object.values(written).some((count) => count > 0)) {
          log.info(written, 'notices written');
          app.context.mailWorker.wake();
        }
      },
    }),
    recurring({
      // The administrators' ledger totals add the changes not folded yet: folding keeps those few.
      name: 'ledger-totals-fold',
      intervalMs: 60_000,
      work: async () => {
        await foldLedgerTotals(db);
      },
    }),
    recurring({
      // A distributed cycle or a new compliance line moves the invitees' stages; old visitor keys go.
      name: 'invitee-stages',
      intervalMs: 60_000,
      work: async () => {
        const run = await followInviteeStages(db, clock.now());
        if (run.refreshed) log.info(run, 'invitee stages followed the newest cycle');
      },
    }),
    startRiskReviewJob(app, lock, log),
    recurring({
      name: 'sign-in-attempts-sweep',
      intervalMs: 60 * 60_000,
      work: async () => {
        await forgetStaleSignInAttempts(db);
      },
    }),
  ];
  for (const job of jobs) app.addHook('onClose', async () => job?.stop());
}

/**
 * The background jobs' logger. Their routine reports (deposits scanned, treasury reconciled,
 * balances refreshed…) are info lines for production's log shippers; on a developer's machine they
 * would push the start-up banner out of view within a minute, so there, at the default level,
 * only their warnings and failures show, as only failed and slow requests do (LOG_LEVEL=debug
 * shows everything).
 */
export function backgroundJobLogger(app: FastifyInstance): FastifyBaseLogger {
  const quietLocally = !app.context.config.production && app.log.level === 'info';
  return quietLocally ? app.log.child({}, { level: 'warn' }) : app.log;
}
