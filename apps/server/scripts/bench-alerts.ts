/**
 * How soon each outage pages (issue 42), measured with a real Prometheus instead of worked out:
 * one production server per outage, each reaching PostgreSQL, Redis, the chain node (the demo
 * chain) and an SMTP server through TCP proxies of its own; Prometheus scrapes them every 10 s and
 * evaluates docs/alerts.yml every 15 s, as docs/deployment.md says. What an outage needs first (a
 * member, a rejected withdrawal) is written before; once every server has been idle long enough for
 * each rule to be evaluated, with no alert pending or firing, each outage is caused at the same
 * moment (a silent host: connections taken and never answered; for the server itself, a SIGKILL; a
 * chain node failing log queries; a mailbox refusing a withdrawal code; a treasury payment or a
 * deposit on the demo chain: bench-alerts-outages.ts) and Prometheus's own alerts API is read every
 * second until each expected alert fires. Then the dependency comes back and the time until the
 * alert is gone is read too.
 *
 *   npm run bench:alerts                       every outage (about 19 minutes: mail waits 10)
 *   BENCH_OUTAGES=redis npm run bench:alerts   some of them (scripts/bench-smoke.sh: redis)
 *
 * Needs Debian's `prometheus` and the PostgreSQL of DATABASE_URL (default the local `test`).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DemoChain, startDemoChain } from '../src/chain/demo-chain';
import { type CuttableProxy, startCuttableProxy } from '../src/testing/cuttable-proxy';
import { startJsonRpcFaultProxy } from '../src/testing/json-rpc-fault-proxy';
import { freePort, startServerProcess, untilReady } from '../src/testing/processes';
import { productionServerEnvironment } from '../src/testing/production-environment';
import { startSmtpServer } from '../src/testing/smtp-server';
import { databaseUrlOn, withAdminClient } from '../src/testing/test-database';
import { type Dependency, type ExpectedAlert, type Host, type Outage, outages } from './bench-alerts-outages';
import { loadAverage } from './bench-kit';
import {
  type ActiveAlert,
  evaluationIntervalS,
  type PrometheusProcess,
  requirePrometheus,
  scrapeIntervalS,
  startPrometheus,
} from './prometheus-process';

const databaseServerUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisTarget = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const rulesFile = path.resolve(import.meta.dirname, '../../../docs/alerts.yml');
const runId = randomBytes(4).toString('hex');

type Smtp = Host['smtp'];

async function startHost(outage: string, chain: DemoChain, smtp: Smtp, dataRoot: string): Promise<Host> {
  const database = `uplink_alerts_${runId}_${outage.replaceAll('-', '_')}`;
  await withAdminClient(databaseServerUrl, (client) => client.query(`CREATE DATABASE ${database}`));
  const databaseTarget = new URL(databaseServerUrl);
  const chainTarget = new URL(chain.rpcUrl);
  const smtpTarget = new URL(smtp.url);
  const proxies: Record<Dependency, CuttableProxy> = {
    database: await startCuttableProxy({ host: databaseTarget.hostname, port: Number(databaseTarget.port || 5432) }),
    redis: await startCuttableProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) }),
    chain: await startCuttableProxy({ host: chainTarget.hostname, port: Number(chainTarget.port) }),
    smtp: await startCuttableProxy({ host: smtpTarget.hostname, port: Number(smtpTarget.port) }),
  };
  const rpc = await startJsonRpcFaultProxy(`http://${proxies.chain.address}`);
  const databaseUrl = databaseUrlOn(databaseServerUrl, database);
  const throughProxy = new URL(databaseUrl);
  throughProxy.host = proxies.database.address;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    ...productionServerEnvironment({
      databaseUrl: throughProxy.toString(),
      port,
      dataDir: path.join(dataRoot, outage),
      jwtSecret: randomBytes(48).toString('base64'),
      webConcurrency: 1,
      logLevel: 'warn',
    }),
    REDIS_URL: `redis://${proxies.redis.address}`,
    BSC_RPC_URL: rpc.url,
    BSC_CHAIN_ID: String(chain.chainId),
    USDT_CONTRACT_ADDRESS: chain.tokenAddress,
    CONFIRMATIONS: '2',
    DEPOSIT_SCAN_INTERVAL_MS: '5000',
    SMTP_URL: `smtp://${proxies.smtp.address}`,
  });
  await untilReady(baseUrl, server);
  return { outage, server, baseUrl, databaseUrl, proxies, rpc, chain, smtp };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isExpected = (alert: ActiveAlert, outage: string, expected: ExpectedAlert) =>
  alert.labels.outage === outage &&
  alert.labels.alertname === expected.alertname &&
  Object.entries(expected.labels ?? {}).every(([name, value]) => alert.labels[name] === value);

/** Waits until a full round of scrapes and evaluations has passed with every server up and nothing pending. */
async function untilIdle(prometheus: PrometheusProcess): Promise<void> {
  await pause((2 * scrapeIntervalS + 2 * evaluationIntervalS) * 1000);
  const active = await prometheus.alerts();
  if (active.length > 0)
    throw new Error(
      `idle servers raise alerts: ${active.map((alert) => `${alert.labels.alertname} (${alert.labels.outage}, ${alert.state})`).join(', ')}`,
    );
}

interface Measured {
  outage: Outage;
  expected: ExpectedAlert;
  firedAfterS: number | undefined;
  clearedAfterS: number | undefined;
}

const elapsedS = (since: number) => (Date.now() - since) / 1000;

/** Reads Prometheus every second until every expected alert of `hosts` fires (or its bound is long past). */
async function untilFired(prometheus: PrometheusProcess, measures: Measured[], cutAt: number): Promise<void> {
  const deadlineS = Math.max(...measures.map((measure) => measure.expected.guideBoundS)) + 90;
  while (measures.some((measure) => measure.firedAfterS === undefined) && elapsedS(cutAt) < deadlineS) {
    const active = await prometheus.alerts();
    for (const measure of measures) {
      if (measure.firedAfterS !== undefined) continue;
      const fired = active.some(
        (alert) => alert.state === 'firing' && isExpected(alert, measure.outage.name, measure.expected),
      );
      if (fired) measure.firedAfterS = elapsedS(cutAt);
    }
    await pause(1000);
  }
}

/**
 * How long an alert may stay after its dependency is back: a scrape and an evaluation, and for a
 * waiting mail the mail worker's longest back-off (five minutes, modules/mail/mail-worker.ts) first.
 */
const clearingDeadlineS = 5 * 60 + 2 * (scrapeIntervalS + evaluationIntervalS);

/** Brings each dependency back and reads how long its alerts stay active. */
async function untilCleared(prometheus: PrometheusProcess, measures: Measured[], hosts: Map<string, Host>) {
  const restoredAt = Date.now();
  for (const outage of new Set(measures.map((measure) => measure.outage)))
    outage.restore?.(hosts.get(outage.name) as Host);
  const clearing = measures.filter((measure) => measure.outage.restore !== undefined);
  while (clearing.some((measure) => measure.clearedAfterS === undefined) && elapsedS(restoredAt) < clearingDeadlineS) {
    const active = await prometheus.alerts();
    for (const measure of clearing) {
      if (measure.clearedAfterS !== undefined) continue;
      if (!active.some((alert) => isExpected(alert, measure.outage.name, measure.expected)))
        measure.clearedAfterS = elapsedS(restoredAt);
    }
    await pause(1000);
  }
}

const minutes = (s: number | undefined) =>
  s === undefined ? '—' : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

function printTable(measures: Measured[]): void {
  console.log('| Outage | Alert | Fired after (measured) | Guide bound (worked out) | Gone after recovery |');
  console.log('|---|---|---|---|---|');
  for (const { outage, expected, firedAfterS, clearedAfterS } of measures) {
    const labels = Object.entries(expected.labels ?? {}).map(([name, value]) => `${name}="${value}"`);
    const alert = labels.length > 0 ? `${expected.alertname}{${labels.join(',')}}` : expected.alertname;
    const fired = firedAfterS === undefined ? 'did not fire' : minutes(firedAfterS);
    const cleared = outage.restore ? minutes(clearedAfterS) : (outage.unrestored ?? '—');
    console.log(`| ${outage.description} | \`${alert}\` | ${fired} | ${minutes(expected.guideBoundS)} | ${cleared} |`);
  }
}

requirePrometheus();
const chosen = process.env.BENCH_OUTAGES?.split(',') ?? outages.map((outage) => outage.name);
const selected = outages.filter((outage) => chosen.includes(outage.name));
if (selected.length === 0) throw new Error(`BENCH_OUTAGES names none of: ${outages.map((o) => o.name).join(', ')}`);

const dataRoot = mkdtempSync(path.join(tmpdir(), 'uplink-bench-alerts-'));
mkdirSync(path.join(dataRoot, 'chain'));
const chain = await startDemoChain({ dataDir: path.join(dataRoot, 'chain'), port: 0 });
const smtp = await startSmtpServer();
const hosts = new Map<string, Host>();
let prometheus: PrometheusProcess | undefined;
try {
  for (const outage of selected) hosts.set(outage.name, await startHost(outage.name, chain, smtp, dataRoot));
  for (const outage of selected) await outage.prepare?.(hosts.get(outage.name) as Host);
  prometheus = await startPrometheus({
    targets: [...hosts.values()].map((host) => ({ address: new URL(host.baseUrl).host, outage: host.outage })),
    rulesFile,
    dataDir: path.join(dataRoot, 'prometheus'),
  });
  console.log(`${hosts.size} servers and Prometheus up; waiting for an idle round (load average ${loadAverage()})`);
  await untilIdle(prometheus);
  console.log('idle: no alert pending or firing; causing every outage now');

  const measures: Measured[] = selected.flatMap((outage) =>
    outage.expected.map((expected) => ({ outage, expected, firedAfterS: undefined, clearedAfterS: undefined })),
  );
  const cutAt = Date.now();
  await Promise.all(selected.map((outage) => outage.cause(hosts.get(outage.name) as Host)));
  await untilFired(prometheus, measures, cutAt);
  await untilCleared(prometheus, measures, hosts);
  console.log(`\nHow soon each outage pages (load average ${loadAverage()}):\n`);
  printTable(measures);
  const missed = measures.filter((measure) => measure.firedAfterS === undefined);
  if (missed.length > 0) {
    process.exitCode = 1;
    console.error(`\n${missed.length} alert(s) did not fire: ${missed.map((m) => m.expected.alertname).join(', ')}`);
  }
} finally {
  await prometheus?.stop();
  for (const host of hosts.values()) {
    if (host.server.child.exitCode === null) host.server.child.kill('SIGKILL');
    await host.rpc.close();
    for (const proxy of Object.values(host.proxies)) await proxy.close();
    const database = new URL(host.databaseUrl).pathname.slice(1);
    await withAdminClient(databaseServerUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
  }
  await smtp.close();
  await chain.stop();
  rmSync(dataRoot, { recursive: true, force: true });
}
