/**
 * npm run check:bundle (after `npm run build`) — what a screen's first visit loads, from the
 * build's manifest and its hidden source maps (dist-private/). Fails when
 * - sign-in, register, forgot-password or the member dashboard loads zod or decimal.js (they
 *   parse and compute nothing on the common path),
 * - the landing page (the entry chunk, which every screen loads) has either.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { privateDirOf } from '../vite.config';

const distDir = path.resolve(import.meta.dirname, '../dist');
const privateDir = privateDirOf(distDir);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifestFile = path.join(privateDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build to check: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;

/** A chunk and everything it imports statically: what loads before the screen renders. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/**
 * The module of zod that holds its settings, which the entry sets to jitless (lib/zod-jitless.ts):
 * a few hundred bytes, not the library.
 */
const zodConfigHolder = 'node_modules/zod/v4/core/core.js';

/** The npm packages bundled into a chunk, read from its source map (the bundler's own runtime has none). */
function packagesIn(file: string): Set<string> {
  const mapFile = path.join(privateDir, `${file}.map`);
  if (!existsSync(mapFile)) return new Set();
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return new Set(
    map.sources
      .filter((source) => !source.endsWith(zodConfigHolder))
      .flatMap((source) => {
        const name = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
        return name ? [name] : [];
      }),
  );
}

/** The packages a visit to the route module `routeSource` loads: the shell's and the screen's. */
function packagesOfRoute(routeSource: string): Set<string> {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === routeSource);
  if (!key) throw new Error(`${routeSource} is not in the build`);
  const chunks = new Set([...staticClosure(entryKey), ...staticClosure(key)]);
  return new Set([...chunks].flatMap((chunk) => [...packagesIn(manifest[chunk]?.file as string)]));
}

const rules: { route: string; refused: string[] }[] = [
  // The landing page is part of the entry chunk.
  { route: 'index.html', refused: ['zod', 'decimal.js'] },
  { route: 'src/app/routes/auth/signin.tsx', refused: ['zod', 'decimal.js'] },
  { route: 'src/app/routes/auth/register.tsx', refused: ['zod', 'decimal.js'] },
  { route: 'src/app/routes/auth/forgot-password.tsx', refused: ['zod', 'decimal.js'] },
  // The dashboard shows money and computes none: formatting needs no decimal library.
  { route: 'src/app/routes/member/dashboard.tsx', refused: ['zod', 'decimal.js'] },
];

let failed = false;
for (const { route, refused } of rules) {
  const loaded = packagesOfRoute(route);
  const wrong = refused.filter((name) => loaded.has(name));
  console.log(`${wrong.length ? 'FAIL' : 'ok  '} ${route.padEnd(42)} ${[...loaded].sort().join(', ')}`);
  if (wrong.length) {
    console.error(`     loads ${wrong.join(' and ')}, which it does not use`);
    failed = true;
  }
}

process.exit(failed ? 1 : 0);
