/**
 * npm run check:bundle (after `npm run build`) — the JavaScript each page loads before it renders
 * (the entry and the page's lazy modules, with everything they import), from the build's manifest,
 * against apps/web/bundle-budget.json. Fails when a page passes its limit (brotli, as served) or
 * loads a package it refuses (zod or decimal.js where nothing is parsed or computed).
 * Writes the bundle report (each page's files and sizes, each file's modules and their bytes) to
 * dist-private/bundle-report.json, which CI keeps.
 *
 *   npx tsx apps/web/scripts/check-bundle.ts [--dist apps/web/dist] [--budget apps/web/bundle-budget.json]
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleModulesFile, privateDirOf } from '../vite.config';
import { type Budget, type BuildFacts, faultsOf, kb, type Manifest, weighPage } from './bundle-budget';

const webRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(webRoot, 'dist') },
    budget: { type: 'string', default: path.join(webRoot, 'bundle-budget.json') },
  },
});
const distDir = path.resolve(values.dist);
const privateDir = privateDirOf(distDir);

/**
 * The module of zod that holds its settings, which the entry sets to jitless (lib/zod-jitless.ts):
 * a few hundred bytes, not the library.
 */
const zodConfigHolder = 'node_modules/zod/v4/core/core.js';

const manifestFile = path.join(privateDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build to check: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const modulesOfFile = JSON.parse(readFileSync(path.join(privateDir, bundleModulesFile), 'utf8')) as Record<
  string,
  Record<string, number>
>;
const budget = JSON.parse(readFileSync(values.budget, 'utf8')) as Budget;

const build: BuildFacts = {
  manifest,
  // The brotli twin the build wrote; a file without one is served as it is (brotli would not shrink it).
  compressedSize(file) {
    const twin = path.join(distDir, `${file}.br`);
    return statSync(existsSync(twin) ? twin : path.join(distDir, file)).size;
  },
  packagesIn(file) {
    return new Set(
      Object.keys(modulesOfFile[file] ?? {})
        .filter((module) => module !== zodConfigHolder)
        .flatMap((module) => {
          const name = module.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
          return name ? [name] : [];
        }),
    );
  },
};

const weights = budget.pages.map((page) => weighPage(build, page));
const faults = weights.flatMap(faultsOf);

console.log(`${'page'.padEnd(24)} ${'JS (brotli)'.padStart(11)} ${'limit'.padStart(9)}  packages`);
for (const weight of weights) {
  const verdict = faultsOf(weight).length > 0 ? 'FAIL' : 'ok  ';
  console.log(
    `${verdict} ${weight.path.padEnd(19)} ${kb(weight.bytes).padStart(11)} ${kb(weight.limitBytes).padStart(9)}  ${weight.packages.join(', ')}`,
  );
}

const reportFile = path.join(privateDir, 'bundle-report.json');
const files = new Set(weights.flatMap((weight) => weight.files.map(({ file }) => file)));
writeFileSync(
  reportFile,
  JSON.stringify(
    {
      pages: weights,
      modules: Object.fromEntries([...files].sort().map((file) => [file, modulesOfFile[file] ?? {}])),
    },
    null,
    1,
  ),
);
console.log(`bundle report: ${path.relative(process.cwd(), reportFile)}`);

for (const fault of faults) console.error(`  ${fault}`);
process.exit(faults.length > 0 ? 1 : 0);
