import { riskSeverities } from '@uplink/contract/risk';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../app-context';
import { metricsRegistry } from '../../metrics-registry';
import { type BusinessSnapshot, readBusinessSnapshot } from './business-metrics-repository';

/**
 * The figures an operator alerts on (docs/alerts.yml), read from the database at each scrape.
 * Every process reads the same database, so a cluster's scrape takes the largest of its workers'
 * values (`aggregator: 'max'`) instead of adding them up.
 */
type Reading = (snapshot: BusinessSnapshot, now: Date) => number | null;

const gauges: [Gauge, Reading][] = [];

function businessGauge(name: string, help: string, read: Reading): void {
  const gauge = new Gauge({ name, help, aggregator: 'max', registers: [metricsRegistry], collect: collectSnapshot });
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
  (s, now) => secondsSince(s.oldestPendingWithdrawalAt, now),
);
businessGauge(
  'uplink_mail_outbox_pending',
  'E-mails in the outbox not sent yet (retries included)',
  (s) => s.pendingMails,
);
businessGauge(
  'uplink_mail_outbox_oldest_pending_age_seconds',
  'Age of the oldest unsent e-mail (0 when the outbox is empty)',
  (s, now) => secondsSince(s.oldestPendingMailAt, now),
);
businessGauge(
  'uplink_deposit_scan_blocks_behind',
  'Blocks between the chain head the deposit scanner last saw and the last block it has fully read',
  (s) =>
    depositScan && s.depositCursorBlock !== null ? Math.max(0, depositScan.chainHead - s.depositCursorBlock) : null,
);
businessGauge(
  'uplink_reward_cycle_last_distributed',
  'Number of the newest distributed reward cycle (0: none yet)',
  (s) => s.lastDistributedCycle ?? 0,
);
businessGauge(
  'uplink_reward_cycle_last_distributed_age_seconds',
  'Time since the newest distributed reward cycle was distributed (0: none yet)',
  (s, now) => secondsSince(s.lastDistributedAt, now),
);
businessGauge('uplink_reward_cycle_current', 'Number of the reward cycle running now, by the calendar', (_s, now) => {
  const source = newestSource();
  return source ? source.calendar.currentCycle(now) : null;
});
businessGauge(
  'uplink_reward_cycle_first_due',
  'Number of the first reward cycle that must be distributed: the one running when the database was installed',
  (s) => {
    const source = newestSource();
    return source && s.installedAt ? source.calendar.firstDueCycle(s.installedAt) : null;
  },
);
businessGauge(
  'uplink_treasury_transfers_unmatched',
  'Outgoing treasury transfers that matched no pending withdrawal (listed at GET /api/withdrawals/admin/unmatched-transfers)',
  (s) => s.unmatchedTreasuryTransfers,
);
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
  (s, now) => secondsSince(s.oldestOpenHighRiskEventAt, now),
);

/** Open risk events by severity: the one labelled gauge, set beside the others from the same snapshot. */
const riskEventsOpen = new Gauge({
  name: 'uplink_risk_events_open',
  help: 'Risk events waiting for a person to resolve them, by severity',
  labelNames: ['severity'],
  aggregator: 'max',
  registers: [metricsRegistry],
  collect: collectSnapshot,
});

/** The reward calendar, passed in: rewards builds on metrics. */
export interface RewardCalendar {
  /** The reward cycle running at `now`. */
  currentCycle(now: Date): number;
  /** The first cycle that must be distributed, for a database installed at `installedAt`. */
  firstDueCycle(installedAt: Date): number;
}

/** An app whose database the gauges read, with its reward calendar. */
interface Source extends Pick<AppContext, 'db' | 'clock'> {
  calendar: RewardCalendar;
}

/** The open apps, oldest first: the gauges read the newest one's database (the server has one; a test may build several). */
const sources = new Set<Source>();
const newestSource = (): Source | undefined => [...sources].at(-1);
/** Set in the process that runs the deposit scan: what it last saw of the chain. */
let depositScan: { cursorName: string; chainHead: number } | null = null;

/** The gauges read `app`'s database from now until it closes. */
export function reportBusinessMetrics(app: FastifyInstance, calendar: RewardCalendar): void {
  const source: Source = { db: app.context.db, clock: app.context.clock, calendar };
  sources.add(source);
  app.addHook('onClose', async () => {
    sources.delete(source);
  });
}

/** The deposit scan job, before each scan: the chain's head now, against which its cursor is measured. */
export function recordDepositChainHead(cursorName: string, chainHead: number): void {
  depositScan = { cursorName, chainHead };
}

/**
 * The gauges are collected concurrently at each scrape, and the first collect reads the one
 * snapshot they all set themselves from. A failed read leaves the previous values (the database
 * being down shows on /api/readyz and in the request metrics).
 */
let collecting: Promise<void> | null = null;

function collectSnapshot(): Promise<void> {
  collecting ??= readAndSet().finally(() => {
    collecting = null;
  });
  return collecting;
}

async function readAndSet(): Promise<void> {
  const reading = newestSource();
  if (!reading) return;
  let snapshot: BusinessSnapshot;
  try {
    snapshot = await readBusinessSnapshot(reading.db, depositScan?.cursorName ?? null);
  } catch {
    return;
  }
  const now = reading.clock.now();
  for (const [gauge, read] of gauges) {
    const value = read(snapshot, now);
    if (value !== null) gauge.set(value);
  }
  for (const severity of riskSeverities) riskEventsOpen.set({ severity }, snapshot.openRiskEvents[severity]);
}
