import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuildFacts, faultsOf, type Manifest, type PageBudget, preloadsOfPage, weighPage } from './bundle-budget';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  'src/landing-entry.tsx': { file: 'assets/landing.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/routes/member/dashboard.tsx': {
    file: 'assets/dashboard.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_money.js'],
  },
  '_money.js': { file: 'assets/money.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 30_000,
  'assets/react.js': 50_000,
  'assets/dashboard.js': 10_000,
  'assets/money.js': 12_000,
  'assets/landing.js': 8_000,
};
const build = (overrides: Record<string, number> = {}): BuildFacts => ({
  manifest,
  compressedSize: (file) => ({ ...sizes, ...overrides })[file] ?? 0,
  packagesIn: (file) => new Set(file === 'assets/money.js' ? ['decimal.js'] : ['react']),
});
const dashboard: PageBudget = { path: '/dashboard', loads: ['src/app/routes/member/dashboard.tsx'], limitKb: 110 };

describe('the bundle budget', () => {
  it('weighs a page as the entry and its lazy module with everything they import, each file once', () => {
    const weight = weighPage(build(), dashboard);
    expect(weight.files.map(({ file }) => file).sort()).toEqual([
      'assets/dashboard.js',
      'assets/index.js',
      'assets/money.js',
      'assets/react.js',
    ]);
    expect(weight.bytes).toBe(102_000);
    expect(faultsOf(weight)).toEqual([]);
  });

  it('preloads what a page loads beyond its entry: its lazy module and what only that imports', () => {
    expect(preloadsOfPage(manifest, dashboard)).toEqual(['assets/dashboard.js', 'assets/money.js']);
    expect(preloadsOfPage(manifest, { path: '/', entry: 'src/landing-entry.tsx', loads: [], limitKb: 80 })).toEqual([]);
  });

  it('weighs a page with an entry of its own as that entry alone, without the app’s', () => {
    const landing: PageBudget = { path: '/', entry: 'src/landing-entry.tsx', loads: [], limitKb: 80 };
    const weight = weighPage(build(), landing);
    expect(weight.files.map(({ file }) => file).sort()).toEqual(['assets/landing.js', 'assets/react.js']);
    expect(faultsOf(weight)).toEqual([]);
    expect(() => weighPage(build(), { ...landing, entry: 'src/app/routes/member/dashboard.tsx' })).toThrow(
      '/: src/app/routes/member/dashboard.tsx is not an entry of the build',
    );
  });

  it('fails a page pushed over its limit by one chunk growing', () => {
    const weight = weighPage(build({ 'assets/money.js': 20_001 }), dashboard);
    expect(faultsOf(weight)).toEqual(['/dashboard: 110.0 kB of JavaScript (brotli), over its limit of 110.0 kB']);
  });

  it('fails a page that loads a package it refuses', () => {
    const weight = weighPage(build(), { ...dashboard, refuses: ['zod', 'decimal.js'] });
    expect(faultsOf(weight)).toEqual(['/dashboard: loads decimal.js, which it does not use']);
  });

  it('refuses a budget naming a module that is no chunk of the build', () => {
    expect(() => weighPage(build(), { ...dashboard, loads: ['src/app/routes/member/gone.tsx'] })).toThrow(
      '/dashboard: src/app/routes/member/gone.tsx is not a chunk of the build',
    );
  });
});

describe('npm run check:bundle', () => {
  let dist = '';
  afterEach(() => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-private`, { recursive: true, force: true });
  });

  /** A build on disk: each file `bytes` long, with a brotli twin of `brotliBytes`. */
  function writeBuild(brotliBytes: Record<string, number>): { budgetFile: string } {
    dist = mkdtempSync(path.join(tmpdir(), 'uplink-budget-'));
    mkdirSync(path.join(`${dist}-private`, '.vite'), { recursive: true });
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(`${dist}-private`, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(`${dist}-private`, '.vite/bundle-modules.json'), JSON.stringify({}));
    for (const [file, bytes] of Object.entries(brotliBytes)) {
      writeFileSync(path.join(dist, file), Buffer.alloc(bytes * 3));
      writeFileSync(path.join(dist, `${file}.br`), Buffer.alloc(bytes));
    }
    const budgetFile = path.join(`${dist}-private`, 'budget.json');
    writeFileSync(budgetFile, JSON.stringify({ pages: [dashboard] }));
    return { budgetFile };
  }

  function checkBundle(budgetFile: string) {
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'check-bundle.ts'), '--dist', dist, '--budget', budgetFile],
      { encoding: 'utf8' },
    );
  }

  it('passes a build within its budget and writes the bundle report', () => {
    const { budgetFile } = writeBuild(sizes);
    const run = checkBundle(budgetFile);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/ok {3}\/dashboard\s+102\.0 kB\s+110\.0 kB/);
  });

  it('fails the build when a page is pushed over its limit', () => {
    const { budgetFile } = writeBuild({ ...sizes, 'assets/dashboard.js': 18_001 });
    const run = checkBundle(budgetFile);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('/dashboard: 110.0 kB of JavaScript (brotli), over its limit of 110.0 kB');
  });
});
