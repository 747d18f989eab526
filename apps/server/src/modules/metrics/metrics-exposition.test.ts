import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsPrefix } from '../../metrics-registry';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { watchConnectionPool } from './database-metrics';

const alertRules = path.resolve(import.meta.dirname, '../../../../../docs/alerts.yml');
/** Prometheus' own checker, from Debian's `prometheus` package (.ci/run installs it). */
const promtoolPresent = spawnSync('promtool', ['--version']).status === 0;

describe('the metrics exposition and the alerting rules', () => {
  let t: TestApp;
  let scrape: string;
  beforeAll(async () => {
    t = await createTestApp();
    // As the server wires its database (server-runtime.ts), so the pool's gauges are in the scrape.
    watchConnectionPool(t.database.pool);
    await t.app.inject({ method: 'GET', url: '/api/readyz' });
    scrape = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
  });
  afterAll(() => t?.close());

  const metricNames = () => [...scrape.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] as string);

  it('names every metric with the uplink_ prefix', () => {
    expect(metricNames().length).toBeGreaterThan(20);
    expect(metricNames().filter((name) => !name.startsWith(metricsPrefix))).toEqual([]);
  });

  it.skipIf(!promtoolPresent)('passes promtool check metrics', () => {
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: scrape, encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it.skipIf(!promtoolPresent)('ships alerting rules that pass promtool check rules', () => {
    const checked = spawnSync('promtool', ['check', 'rules', alertRules], { encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toContain('SUCCESS');
    expect(checked.status).toBe(0);
  });

  it('alerts only on metrics the server exposes', () => {
    const exposed = new Set(metricNames());
    const used = new Set(readFileSync(alertRules, 'utf8').match(/\buplink_\w+/g));
    const unknown = [...used].filter(
      (name) => !exposed.has(name) && !exposed.has(name.replace(/_(count|sum|bucket)$/, '')),
    );
    expect(used.size).toBeGreaterThan(8);
    expect(unknown).toEqual([]);
  });
});
