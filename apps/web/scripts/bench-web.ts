/**
 * npm run bench:web — what the landing page costs a visitor.
 *
 * 1. Builds the web app with a manifest into a temporary directory.
 * 2. Sums the gzip bytes of the JavaScript and CSS the landing page loads before first paint:
 *    the entry chunk with its static imports (modulepreload) and the entry CSS. Lazy route
 *    chunks are listed separately to show that member and admin screens are split off.
 * 3. Serves the build (gzip, like production) and loads / in headless Chromium several times,
 *    reading First Contentful Paint and Largest Contentful Paint from PerformanceObserver —
 *    once unthrottled and once with Lighthouse's mobile profile (150 ms RTT, 1.6 Mbit/s, 4× CPU).
 * Fails when the landing page sends more than 150 KB of gzipped JavaScript.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { landingEntry, privateDirOf } from '../vite.config';

const webRoot = path.resolve(import.meta.dirname, '..');
const jsBudgetBytes = 150 * 1024;
const runs = Number(process.env.BENCH_RUNS ?? 5);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipSize(outDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
}

/** The entry chunk and everything it imports statically: what loads before the first render. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function serve(outDir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
      return;
    }
    const candidate = path.join(outDir, path.normalize(url.pathname));
    let file = candidate.startsWith(outDir) ? candidate : path.join(outDir, 'index.html');
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      file = path.join(outDir, 'index.html');
      body = readFileSync(file);
    }
    const gzip = /\.(html|js|css|svg)$/.test(file);
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface PaintTimes {
  fcp: number;
  lcp: number;
}

async function measure(baseUrl: string, throttled: boolean): Promise<PaintTimes[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results: PaintTimes[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      if (throttled) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.goto(baseUrl, { waitUntil: 'load' });
      const times = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            const found = { fcp: 0, lcp: 0 };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries())
                if (entry.name === 'first-contentful-paint') found.fcp = entry.startTime;
            }).observe({ type: 'paint', buffered: true });
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) found.lcp = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            // LCP settles once rendering is idle; give it a moment after load.
            setTimeout(() => resolve(found), 1500);
          }),
      );
      results.push(times);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const outDir = mkdtempSync(path.join(tmpdir(), 'uplink-bench-'));
try {
  await build({
    root: webRoot,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  // The build keeps its manifest beside the served files (see vite.config.ts).
  const manifest = JSON.parse(readFileSync(path.join(privateDirOf(outDir), '.vite/manifest.json'), 'utf8')) as Manifest;
  if (!manifest[landingEntry]?.isEntry) throw new Error(`The build has no entry ${landingEntry}`);

  const firstLoad = [...staticClosure(manifest, landingEntry)];
  const jsFiles = firstLoad.map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file));
  const cssFiles = [...new Set(firstLoad.flatMap((key) => manifest[key]?.css ?? []))];
  const jsBytes = jsFiles.reduce((sum, file) => sum + gzipSize(outDir, file), 0);
  const cssBytes = cssFiles.reduce((sum, file) => sum + gzipSize(outDir, file), 0);

  console.log('\nLanding page (/) — sent before first paint (gzip -9)');
  for (const file of jsFiles) console.log(`  JS   ${file.padEnd(44)} ${kb(gzipSize(outDir, file))}`);
  for (const file of cssFiles) console.log(`  CSS  ${file.padEnd(44)} ${kb(gzipSize(outDir, file))}`);
  console.log(`  total JavaScript ${kb(jsBytes)} (budget ${kb(jsBudgetBytes)}), CSS ${kb(cssBytes)}`);

  const firstLoadFiles = new Set(jsFiles);
  const routeChunks = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.src?.includes('app/routes/'))
    .map((chunk) => ({
      route: chunk.src?.replace(/^.*app\/routes\//, '') ?? '',
      file: chunk.file,
      own: gzipSize(outDir, chunk.file),
      inEntry: firstLoadFiles.has(chunk.file),
    }))
    .filter((chunk) => /^(member|admin)\//.test(chunk.route));
  console.log('\nMember and admin screens — lazy chunks (own gzip size, loaded on first visit)');
  for (const chunk of routeChunks) {
    console.log(
      `  ${chunk.route.padEnd(30)} ${kb(chunk.own).padStart(9)}${chunk.inEntry ? '  ← in the first load!' : ''}`,
    );
  }
  const split = routeChunks.length > 0 && routeChunks.every((chunk) => !chunk.inEntry);
  console.log(`  split from the landing bundle: ${split ? 'yes' : 'NO'}`);

  const server = await serve(outDir);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    for (const throttled of [false, true]) {
      const times = await measure(baseUrl, throttled);
      const label = throttled ? 'Lighthouse mobile profile (150 ms RTT, 1.6 Mbit/s, 4× CPU)' : 'unthrottled';
      console.log(`\nHeadless Chromium, ${label}, median of ${runs} cold loads`);
      console.log(`  First Contentful Paint   ${median(times.map((time) => time.fcp)).toFixed(0)} ms`);
      console.log(`  Largest Contentful Paint ${median(times.map((time) => time.lcp)).toFixed(0)} ms`);
    }
  } finally {
    server.close();
  }

  if (jsBytes > jsBudgetBytes || !split) {
    console.error(`\nBudget broken: landing JavaScript ${kb(jsBytes)} > ${kb(jsBudgetBytes)} or screens not split`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(privateDirOf(outDir), { recursive: true, force: true });
}
