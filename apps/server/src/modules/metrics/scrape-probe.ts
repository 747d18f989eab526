import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { type BusinessSnapshot, readBusinessSnapshot } from './business-metrics-repository';

/** What a scrape checks for itself: each answers `uplink_up{dependency}`. */
export const dependencies = ['database', 'redis', 'chain', 'smtp'] as const;
export type Dependency = (typeof dependencies)[number];

/**
 * How long a scrape waits for each dependency (all at once). Well under Prometheus' default
 * scrape timeout (10 s): a dead database or node makes the scrape answer `uplink_up 0` at once,
 * instead of hanging until Prometheus gives up (and `up` says the server, not its database, is down).
 */
export const dependencyCheckTimeoutMs = 2_000;

/** The reward calendar, passed in: rewards builds on metrics. */
export interface RewardCalendar {
  /** The reward cycle running at `now`. */
  currentCycle(now: Date): number;
  /** The first cycle that must be distributed, for a database installed at `installedAt`. */
  firstDueCycle(installedAt: Date): number;
}

/** What one app gives its scrapes to check; a dependency it does not use is null (no series for it). */
export interface ScrapeTarget {
  db: Kysely<Database>;
  clock: Clock;
  calendar: RewardCalendar;
  /** The chain node the deposit scan reads, and the name of that scan's cursor. */
  depositChain: { headBlockNumber(): Promise<number>; cursorName: string } | null;
  /** The Redis of the shared rate limits (REDIS_URL). */
  redis: { ping(): Promise<unknown> } | null;
  /** The SMTP server of SMTP_URL: `verify()` connects and greets it. */
  smtp: { verify(): Promise<unknown> } | null;
}

/** What one scrape found: null where the dependency did not answer in time. */
export interface ScrapeFindings {
  target: ScrapeTarget;
  now: Date;
  snapshot: BusinessSnapshot | null;
  chainHead: number | null;
  /** Each dependency the target uses: whether it answered. */
  up: Partial<Record<Dependency, boolean>>;
}

/** The open apps, oldest first: scrapes read the newest one (the server has one; a test may build several). */
const targets = new Set<ScrapeTarget>();

/** Scrapes check `target` from now until `app` closes. */
export function probeAtEachScrape(app: FastifyInstance, target: ScrapeTarget): void {
  targets.add(target);
  app.addHook('onClose', async () => {
    targets.delete(target);
  });
}

/** Resolves with `work`'s value, or null when it fails or takes longer than the check's timeout. */
async function answerInTime<T>(work: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), dependencyCheckTimeoutMs);
  });
  try {
    return await Promise.race([work().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

const answered = (check: () => Promise<unknown>) =>
  answerInTime(async () => {
    await check();
    return true;
  });

async function probe(target: ScrapeTarget): Promise<ScrapeFindings> {
  const { depositChain, redis, smtp } = target;
  const [snapshot, chainHead, redisUp, smtpUp] = await Promise.all([
    answerInTime(() => readBusinessSnapshot(target.db, depositChain?.cursorName ?? null)),
    depositChain ? answerInTime(() => depositChain.headBlockNumber()) : null,
    redis ? answered(() => redis.ping()) : null,
    smtp ? answered(() => smtp.verify()) : null,
  ]);
  const up: ScrapeFindings['up'] = { database: snapshot !== null };
  if (depositChain) up.chain = chainHead !== null;
  if (redis) up.redis = redisUp !== null;
  if (smtp) up.smtp = smtpUp !== null;
  return { target, now: target.clock.now(), snapshot, chainHead, up };
}

/**
 * The metrics of one scrape are collected concurrently, and the first collect starts the one
 * probe they all read; the next scrape probes afresh. Undefined while no app is open.
 */
let probing: Promise<ScrapeFindings | undefined> | null = null;

export function probeScrape(): Promise<ScrapeFindings | undefined> {
  const target = [...targets].at(-1);
  probing ??= (target ? probe(target) : Promise.resolve(undefined)).finally(() => {
    probing = null;
  });
  return probing;
}
