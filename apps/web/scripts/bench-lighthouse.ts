/**
 * npm run bench:lighthouse — Lighthouse 12 (mobile and desktop presets) on `/`, `/signin` and the
 * demo member's signed-in `/dashboard`, before and after, side by side.
 *
 * - after:  the production build (`npm run build`, run by the npm script) served by the production
 *           start, `node apps/server/dist/main.js` with NODE_ENV=production (embedded database,
 *           demo network seeded; the chain and the exchange are loopback ports nothing answers on);
 * - before: the same server behind a loopback proxy that drops Accept-Encoding, so every file and
 *           answer travels uncompressed, as before this release work;
 * - behind HTTP/2: the same server behind a loopback TLS proxy speaking HTTP/2 (`http2-proxy.ts`), as
 *           the deployment guide's nginx serves the release; `after` is the server's own HTTP/1.1.
 * The server starts as docs/deployment.md starts a trial of the release: production on the embedded
 * database needs ALLOW_EMBEDDED_DATABASE=true and runs one process (WEB_CONCURRENCY=1, no Redis).
 * LH_RUNS=3 takes the median of three runs per page (default 1); LH_PAGES (`/,/signin,/dashboard`)
 * and LH_PRESETS (`mobile,desktop`) narrow the run, e.g. to `/` on mobile for the CI smoke run.
 * Prints the load average, since a busy machine slows Lighthouse's simulated mobile CPU most.
 * LH_REPORT_DIR keeps each run's Lighthouse result there (`<preset>-<before|after|http2><page>-<run>.json`),
 * to see what an audit found: the LCP element, the long tasks, the requests; and the trace it was
 * computed from (`….trace.json`, which Chromium's performance panel opens), to see what each long
 * task did. LH_VARIANTS (`before,after,http2`) narrows the variants, e.g. to `http2` alone.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { demoDepositXpub } from '../../server/src/config/chain-config';
import { demoTreasuryAddress } from '../../server/src/config/withdrawals-config';
import { freePort, type ServerProcess, startServerProcess } from '../../server/src/testing/processes';
import { http2Proxy } from './http2-proxy';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const runs = Number(process.env.LH_RUNS ?? 1);
const reportDir = process.env.LH_REPORT_DIR;
const demoMember = { email: 'demo@uplink.local', password: 'Demo!Pass123' };
const allPages = ['/', '/signin', '/dashboard'] as const;
const allPresets = ['mobile', 'desktop'] as const;
type Preset = (typeof allPresets)[number];

/** The entries of a comma-separated setting, each one of `known`; all of them when it is unset. */
function chosen<T extends string>(setting: string | undefined, known: readonly T[], name: string): readonly T[] {
  if (setting === undefined) return known;
  const picked = setting.split(',').map((entry) => entry.trim());
  const unknown = picked.filter((entry) => !known.includes(entry as T));
  if (unknown.length > 0 || picked.length === 0) throw new Error(`${name}: ${setting} (known: ${known.join(',')})`);
  return picked as T[];
}
const pages = chosen(process.env.LH_PAGES, allPages, 'LH_PAGES');
const presets = chosen(process.env.LH_PRESETS, allPresets, 'LH_PRESETS');
const allVariants = ['before', 'after', 'http2'] as const;
const variants = chosen(process.env.LH_VARIANTS, allVariants, 'LH_VARIANTS');

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  scriptBytes: number;
}

async function startProductionServer(dataDir: string): Promise<{ server: ServerProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nothingListens = `http://127.0.0.1:${await freePort()}`;
  const server = startServerProcess(
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DATABASE: 'true',
      WEB_CONCURRENCY: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      JWT_SECRET: randomBytes(48).toString('base64'),
      DEPOSIT_XPUB: demoDepositXpub,
      TREASURY_ADDRESSES: demoTreasuryAddress,
      BSC_RPC_URL: nothingListens,
      BINGX_API_KEY: 'bench',
      BINGX_API_SECRET: 'bench',
      BINGX_BASE_URL: nothingListens,
      LOG_LEVEL: 'error',
    },
    { command: process.execPath, args: ['apps/server/dist/main.js'], cwd: repositoryRoot },
  );
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const ready = await fetch(`${baseUrl}/api/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { server, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}

/** A loopback proxy to `target` that asks for every answer uncompressed. */
async function uncompressingProxy(target: string): Promise<{ baseUrl: string; close(): void }> {
  const { hostname, port } = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, 'accept-encoding': 'identity' };
    const forwarded = httpRequest(
      { host: hostname, port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => proxy.close() };
}

async function signInToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoMember),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`the demo member could not sign in: ${JSON.stringify(body)}`);
  return body.data.token;
}

function measureOf(result: Result): Measure {
  const requests = (
    result.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  return {
    performance: Math.round((result.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((result.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((result.categories['best-practices']?.score ?? 0) * 100),
    lcpMs: result.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: result.audits['total-blocking-time']?.numericValue ?? 0,
    scriptBytes: (requests ?? [])
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function medianMeasure(measures: Measure[]): Measure {
  const of = (key: keyof Measure) => median(measures.map((measure) => measure[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    scriptBytes: of('scriptBytes'),
  };
}

/**
 * One Lighthouse run of `url` in a fresh tab: a cold HTTP cache (cleared here, since Lighthouse
 * is told to leave storage alone) and local storage holding the session token or nothing.
 */
async function runOnce(chromePort: number, url: string, preset: Preset, token: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await page.goto(`${new URL(url).origin}/api/healthz`);
    await page.evaluate((stored) => {
      localStorage.clear();
      if (stored) localStorage.setItem('token', stored);
    }, token);
    await cdp.send('Network.clearBrowserCache');
    const flags: Flags = {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined, page);
    return result && { lhr: result.lhr, trace: result.artifacts.Trace };
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** The median of LH_RUNS runs; a run Lighthouse could not finish (a runtime error) is tried again, twice at most. */
async function audit(chromePort: number, url: string, preset: Preset, token: string | null, label: string) {
  const measured: Measure[] = [];
  let failures = 0;
  while (measured.length < runs) {
    const run = await runOnce(chromePort, url, preset, token);
    const lhr = run?.lhr;
    if (run && lhr && !lhr.runtimeError) {
      measured.push(measureOf(lhr));
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const name = `${preset}-${label}${new URL(url).pathname.replaceAll('/', '_')}-${measured.length}`;
        writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
        writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(run.trace));
      }
    } else {
      failures += 1;
      console.warn(
        `  ${preset} ${url}: ${lhr?.runtimeError?.code ?? 'no result'}${failures > 2 ? ', giving up' : ', again'}`,
      );
      if (failures > 2) throw new Error(`Lighthouse could not measure ${url}`);
    }
  }
  return medianMeasure(measured);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A page's figures side by side: before, after, behind HTTP/2 (those LH_VARIANTS names). */
function row(page: string, preset: string, measures: Measure[]): string {
  const each = (figure: (measure: Measure) => string | number) => measures.map(figure).join(' → ').padEnd(24);
  return [
    page.padEnd(11),
    preset.padEnd(8),
    each((measure) => measure.performance),
    each((measure) => measure.accessibility),
    each((measure) => measure.bestPractices),
    each((measure) => seconds(measure.lcpMs)),
    each((measure) => `${measure.tbtMs.toFixed(0)} ms`),
    each((measure) => kb(measure.scriptBytes)),
  ].join(' ');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-lighthouse-'));
const { server, baseUrl } = await startProductionServer(dataDir);
const proxy = await uncompressingProxy(baseUrl);
const deployed = await http2Proxy(baseUrl);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // The HTTP/2 proxy's certificate is made for the run.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
});
try {
  const token = await signInToken(baseUrl);
  console.log(
    `Lighthouse 12 on ${process.version}, ${runs} run(s) per page; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  const variantTitles = {
    before: 'before: uncompressed (proxy without Accept-Encoding)',
    after: 'after: the release as served',
    http2: 'behind HTTP/2 (TLS proxy, as the guide deploys it)',
  };
  console.log(variants.map((variant) => variantTitles[variant]).join(' → '));
  console.log(
    `${'page'.padEnd(11)} ${'preset'.padEnd(8)} ${['performance', 'accessibility', 'best practices', 'LCP', 'TBT', 'JS transferred'].map((title) => title.padEnd(24)).join(' ')}`,
  );
  for (const page of pages) {
    for (const preset of presets) {
      const signedIn = page === '/dashboard' ? token : null;
      const origins = { before: proxy.baseUrl, after: baseUrl, http2: deployed.baseUrl };
      const measures: Measure[] = [];
      for (const variant of variants) {
        measures.push(await audit(chrome.port, `${origins[variant]}${page}`, preset, signedIn, variant));
      }
      console.log(row(page, preset, measures));
    }
  }
  console.log(
    `load average at the end ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  chrome.kill();
  proxy.close();
  deployed.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
