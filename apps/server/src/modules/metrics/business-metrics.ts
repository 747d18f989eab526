import { riskSeverities } from '@uplink/contract/risk';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '../../metrics-registry';
import type { BusinessSnapshot } from './business-metrics-repository';
import { dependencies, probeAtEachScrape, probeScrape, type ScrapeFindings, type ScrapeTarget } from './scrape-probe';

/**
 * The figures an operator alerts on (docs/alerts.yml), read from the database at each scrape,
 * and whether each dependency answered that scrape. Every process reads the same database, so a
 * cluster's scrape takes the largest of its workers' values (`aggregator: 'max'`) instead of
 * adding them up. A figure the scrape could not read is absent, never a stale or made-up value:
 * with the database down every business gauge is absent and `uplink_up{dependency="database"}` 0.
 */
type Reading = (snapshot: BusinessSnapshot, findings: ScrapeFindings) => number | null;

const gauges: [Gauge | Counter, Reading][] = [];

function businessGauge(name: string, help: string, read: Reading): void {
  const gauge = new Gauge({ name, help, aggregator: 'max', registers: [metricsRegistry], collect: collectFindings });
  gauges.push([gauge, read]);
}

const secondsSince = (at: Date | null, now: Date) => (at ? Math.max(0, (now.getTime() - at.getTime()) / 1000) : 0);

businessGauge('uplink_withdrawals_pending', 'Withdrawals waiting for an administrator', (s) => s.pendingWithdrawals);
businessGauge('uplink_withdrawals_pending_usdt', 'USDT held by pending withdrawals', (s) =>
  Number(s.pendingWithdrawalAmount),
);
businessGauge(
  'uplink_withdrawals_oldest_pending_age_seconds',
  'Age of the oldest pending withdrawal (0 when none waits)',
  (s, { now }) => secondsSince(s.oldestPendingWithdrawalAt, now),
);
businessGauge(
  'uplink_mail_outbox_pending',
  'E-mails in the outbox not sent yet (retries included)',
  (s) => s.pendingMails,
);
businessGauge(
  'uplink_mail_oldest_pending_seconds',
  'How long the oldest unsent e-mail has waited since it was queued (0 when the outbox is empty)',
  (s, { now }) => secondsSince(s.oldestPendingMailAt, now),
);
businessGauge(
  'uplink_deposit_scan_blocks_behind',
  "Blocks between the chain's head, asked by this scrape, and the last block the deposit scanner has fully read (absent when the node does not answer)",
  (s, { chainHead }) =>
    chainHead !== null && s.depositCursorBlock !== null ? Math.max(0, chainHead - s.depositCursorBlock) : null,
);
businessGauge(
  'uplink_reward_cycle_last_distributed',
  'Number of the newest distributed reward cycle (0: none yet)',
  (s) => s.lastDistributedCycle ?? 0,
);
businessGauge(
  'uplink_reward_cycle_last_distributed_age_seconds',
  'Time since the newest distributed reward cycle was distributed (absent: none yet)',
  (s, { now }) => (s.lastDistributedAt ? secondsSince(s.lastDistributedAt, now) : null),
);
businessGauge(
  'uplink_reward_cycle_current',
  'Number of the reward cycle running now, by the calendar',
  (_s, { target, now }) => target.calendar.currentCycle(now),
);
businessGauge(
  'uplink_reward_cycle_first_due',
  'Number of the first reward cycle that must be distributed: the one running when the database was installed',
  (s, { target }) => (s.installedAt ? target.calendar.firstDueCycle(s.installedAt) : null),
);

/** The transfers are recorded once and stay: a count that only rises, so a counter (read from the database). */
const unmatchedTransfers = new Counter({
  name: 'uplink_treasury_transfers_unmatched_total',
  help: 'Outgoing treasury transfers that matched no pending withdrawal, ever (listed at GET /api/withdrawals/admin/unmatched-transfers)',
  aggregator: 'max',
  registers: [metricsRegistry],
  collect: collectFindings,
});
gauges.push([unmatchedTransfers, (s) => s.unmatchedTreasuryTransfers]);
businessGauge('uplink_rewards_locked_usdt', 'USDT of rewards locked now (earned while not compliant)', (s) =>
  Number(s.lockedRewardAmount),
);

businessGauge(
  'uplink_payout_batches_open',
  'Payout batches with a withdrawal still to pay (OPEN or PARTLY_PAID)',
  (s) => s.openPayoutBatches,
);
businessGauge('uplink_payout_batches_unpaid_usdt', 'USDT of the withdrawals still to pay in payout batches', (s) =>
  Number(s.unpaidPayoutBatchAmount),
);

businessGauge(
  'uplink_risk_event_oldest_open_high_age_seconds',
  'Age of the oldest open high-severity risk event, whose members’ withdrawals are held (0 when none is open)',
  (s, { now }) => secondsSince(s.oldestOpenHighRiskEventAt, now),
);

/** Open risk events by severity: the one labelled gauge, set beside the others from the same snapshot. */
const riskEventsOpen = new Gauge({
  name: 'uplink_risk_events_open',
  help: 'Risk events waiting for a person to resolve them, by severity',
  labelNames: ['severity'],
  aggregator: 'max',
  registers: [metricsRegistry],
  collect: collectFindings,
});

/** Whether each dependency the server uses answered this scrape's own check (absent: not used). */
const dependencyUp = new Gauge({
  name: 'uplink_up',
  help: 'Whether a dependency (database, redis, chain, smtp) answered the scrape within 2 s (1) or not (0); absent when not configured',
  labelNames: ['dependency'],
  // In a cluster, one worker that cannot reach it is enough to say so.
  aggregator: 'min',
  registers: [metricsRegistry],
  collect: collectFindings,
});

/** The gauges read `target` at each scrape from now until `app` closes. */
export function reportBusinessMetrics(app: FastifyInstance, target: ScrapeTarget): void {
  probeAtEachScrape(app, target);
}

async function collectFindings(): Promise<void> {
  const findings = await probeScrape();
  if (!findings) return;
  for (const dependency of dependencies) {
    const up = findings.up[dependency];
    if (up === undefined) dependencyUp.remove({ dependency });
    else dependencyUp.set({ dependency }, up ? 1 : 0);
  }
  const { snapshot } = findings;
  for (const [metric, read] of gauges) {
    const value = snapshot ? read(snapshot, findings) : null;
    if (value === null) metric.remove({});
    else if (metric instanceof Counter) {
      metric.reset();
      metric.inc(value);
    } else metric.set(value);
  }
  riskEventsOpen.reset();
  if (snapshot)
    for (const severity of riskSeverities) riskEventsOpen.set({ severity }, snapshot.openRiskEvents[severity]);
}
