import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangDeadlineMs } from '../../testing/hang-deadline';
import { freePort, type ServerProcess, startServerProcess, untilReady } from '../../testing/processes';
import { withAdminClient } from '../../testing/test-database';

const docs = path.resolve(import.meta.dirname, '../../../../../docs');
const alertRules = path.join(docs, 'alerts.yml');
const alertTests = path.join(docs, 'alerts.test.yml');
/** Prometheus' own tool, from Debian's `prometheus` package (.ci/run installs it). */
const promtoolPresent = spawnSync('promtool', ['--version']).status === 0;

const alertNames = () => [...readFileSync(alertRules, 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]);

function promtoolTestRules(file: string): string {
  const tested = spawnSync('promtool', ['test', 'rules', file], { encoding: 'utf8' });
  return `${tested.stdout}${tested.stderr}`.trim();
}

describe.skipIf(!promtoolPresent)('the alerting rules (docs/alerts.yml) under promtool test rules', () => {
  it('fire on the series that mean trouble and stay silent on healthy ones (docs/alerts.test.yml)', () => {
    expect(promtoolTestRules(alertTests)).toMatch(/SUCCESS$/);
  });

  it('are each shown firing by a test', () => {
    const tests = readFileSync(alertTests, 'utf8');
    const untested = alertNames().filter(
      (name) => !new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`).test(tests),
    );
    expect(alertNames().length).toBeGreaterThan(10);
    expect(untested).toEqual([]);
  });
});

/** One sample line of the text exposition: `name{labels} value`. */
interface Sample {
  series: string;
  value: number;
}

/**
 * The samples of a scrape as Prometheus stores them: the scrape job's `job` and `instance` labels
 * added, a label of the target's own named `job` renamed `exported_job` (honor_labels: false).
 */
function scrapedSamples(text: string, instance: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) return [];
    const [, name, labels = '', value] = match;
    const own = labels.replace(/(^|,)job="/, '$1exported_job="');
    const all = [`job="uplink"`, `instance="${instance}"`, ...(own ? [own] : [])].join(',');
    return [{ series: `${name}{${all}}`, value: Number(value) }];
  });
}

/** Counters (and a histogram's or summary's parts) go on rising as they rose; gauges go on as they went. */
function counterNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
    if (type === 'counter') names.add(name as string);
    if (type === 'histogram' || type === 'summary') {
      for (const part of ['_bucket', '_count', '_sum']) names.add(`${name}${part}`);
    }
  }
  return names;
}

/**
 * promtool's input series of `scrapes` taken one `interval` apart, carried on to `span` steps in
 * all: an idle server stays as idle as it was while it was watched. A gauge repeats the values the
 * scrapes saw, in turn: a scrape that met a background job's read is one moment of the idle
 * server, not its state for the next 14 hours.
 */
function inputSeries(scrapes: string[], instance: string, span: number) {
  const counters = counterNames(scrapes[0] as string);
  const values = new Map<string, number[]>();
  scrapes.forEach((text, index) => {
    for (const { series, value } of scrapedSamples(text, instance)) {
      const seen = values.get(series) ?? [];
      if (seen.length === index) values.set(series, [...seen, value]);
    }
  });
  const series = [...values].filter(([, seen]) => seen.length === scrapes.length);
  series.push([`up{job="uplink",instance="${instance}"}`, scrapes.map(() => 1)]);
  return series.map(([name, seen]) => {
    if (!counters.has(name.slice(0, name.indexOf('{')))) {
      return { series: name, values: Array.from({ length: span }, (_, step) => seen[step % seen.length]).join(' ') };
    }
    const last = seen.at(-1) as number;
    const step = (last - (seen[0] as number)) / (seen.length - 1);
    const rest = span - seen.length;
    return { series: name, values: `${seen.join(' ')} ${last + step}+${step}x${rest - 1}` };
  });
}

/**
 * A real server, started as a newcomer starts it (local mode, the demo chain, every background
 * job) on a fresh database and left idle, scraped as Prometheus scrapes it; its samples go to the
 * rules for 14 hours (beyond the longest `for:`): no alert may be pending or firing at any moment.
 */
describe.skipIf(!promtoolPresent)('the alerting rules on a healthy, idle server', () => {
  let root: string;
  let server: ServerProcess;
  let baseUrl: string;
  let databaseName: string | undefined;
  const databaseServer = process.env.TEST_DATABASE_URL;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'uplink-idle-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    let databaseUrl: string | undefined;
    if (databaseServer) {
      const name = `uplink_idle_${process.pid}`;
      databaseName = name;
      await withAdminClient(databaseServer, (client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(databaseServer);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    server = startServerProcess({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(root, 'no-web-build'),
      LOG_LEVEL: 'warn',
    });
    await untilReady(baseUrl, server);
  }, hangDeadlineMs + 30_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (databaseServer && databaseName) {
      const name = databaseName;
      await withAdminClient(databaseServer, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * A scrape of the idle server. One that met a background job's read queued on PGlite's one
   * connection (on a loaded machine, two scrapes in a row did) is taken again half a second later:
   * repeated for 14 hours below, that moment would read as a pool always busy, which Prometheus
   * scraping every 10 s would not see, UplinkDatabaseBusy waiting five minutes. A pool that never
   * reads 0 (a gauge counting the scrape's own read) fails after five tries.
   */
  async function idleScrape(): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await fetch(`${baseUrl}/api/metrics`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      if (/^uplink_db_pool_waiting_requests 0$/m.test(text)) return text;
      expect(attempt, 'requests keep waiting for the pool of an idle server').toBeLessThan(5);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  it(
    'leaves every rule silent: nothing pending, nothing firing',
    async () => {
      // Settled: its first deposit scan (one interval after the start) has read the chain, so the
      // scrape can say how far behind the scanner is; until then UplinkDepositScannerUnknown's
      // `for:` covers the wait.
      for (;;) {
        const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
        if (/^uplink_deposit_scan_blocks_behind \d/m.test(text)) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const scrapes: string[] = [];
      for (let scrape = 0; scrape < 6; scrape += 1) {
        if (scrape > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
        scrapes.push(await idleScrape());
      }
      const instance = new URL(baseUrl).host;
      const span = 14 * 60;
      const file = path.join(root, 'idle.test.yml');
      const test = {
        rule_files: [alertRules],
        evaluation_interval: '1m',
        tests: [
          {
            name: 'a healthy, idle server',
            interval: '1m',
            input_series: inputSeries(scrapes, instance, span),
            promql_expr_test: [{ expr: 'count_over_time(ALERTS[14h])', eval_time: '14h', exp_samples: [] }],
          },
        ],
      };
      // JSON is YAML.
      writeFileSync(file, JSON.stringify(test));
      expect(promtoolTestRules(file)).toMatch(/SUCCESS$/);
    },
    hangDeadlineMs,
  );
});
