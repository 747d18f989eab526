import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../src/testing/processes';

/** One scrape target and the label that names it in every alert it raises. */
export interface ScrapeTarget {
  address: string;
  outage: string;
}

/** An alert as Prometheus's `/api/v1/alerts` lists it. */
export interface ActiveAlert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
}

export interface PrometheusProcess {
  alerts(): Promise<ActiveAlert[]>;
  stop(): Promise<void>;
}

/** The deployment guide's settings (docs/deployment.md, "Metrics and alerts"). */
export const scrapeIntervalS = 10;
export const evaluationIntervalS = 15;

function prometheusConfig(targets: readonly ScrapeTarget[], rulesFile: string): string {
  const staticConfigs = targets
    .map((target) => `      - targets: ['${target.address}']\n        labels: { outage: '${target.outage}' }`)
    .join('\n');
  return [
    'global:',
    `  scrape_interval: ${scrapeIntervalS}s`,
    `  evaluation_interval: ${evaluationIntervalS}s`,
    `rule_files: ['${rulesFile}']`,
    'scrape_configs:',
    '  - job_name: uplink',
    '    metrics_path: /api/metrics',
    '    static_configs:',
    staticConfigs,
    '',
  ].join('\n');
}

/** Debian's `prometheus` package (what .ci/run installs); one clear line when it is missing. */
export function requirePrometheus(): void {
  if (spawnSync('prometheus', ['--version'], { stdio: 'ignore' }).status !== 0)
    throw new Error('prometheus is not installed: apt-get install prometheus (Debian), as .ci/run does');
}

/** A real Prometheus scraping `targets` with `rulesFile`, its data in `dataDir`. */
export async function startPrometheus(options: {
  targets: readonly ScrapeTarget[];
  rulesFile: string;
  dataDir: string;
}): Promise<PrometheusProcess> {
  const port = await freePort();
  mkdirSync(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'prometheus.yml');
  writeFileSync(configFile, prometheusConfig(options.targets, options.rulesFile));
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(options.dataDir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${log}`);
    const ready = await fetch(`${baseUrl}/-/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (tries > 120) throw new Error(`prometheus did not get ready in 30 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async alerts() {
      const answer = (await (await fetch(`${baseUrl}/api/v1/alerts`)).json()) as { data: { alerts: ActiveAlert[] } };
      return answer.data.alerts;
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
