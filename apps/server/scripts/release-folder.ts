/**
 * `npm run release -- <folder>`: after `npm run build`, writes what a production machine needs
 * into an empty folder: the compiled server and web app, the lockfile and the package manifests
 * `npm ci --omit=dev` installs from. Nothing else of the checkout goes: no TypeScript, no tests,
 * no source maps (the web app's stay in apps/web/dist-private, the server's are kept for its
 * stack traces).
 */
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Paths relative to the repository root, copied as they are. */
export const releaseFiles = [
  'package.json',
  'package-lock.json',
  // npm ci needs every workspace's manifest; only the server's dependencies install at all.
  'packages/contract/package.json',
  'apps/web/package.json',
  'e2e/package.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/dist',
];

export function writeReleaseFolder(target: string): void {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repositoryRoot, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty`);
  for (const file of releaseFiles) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(repositoryRoot, file), path.join(target, file), { recursive: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: npm run release -- <empty folder>');
    process.exit(2);
  }
  // npm runs the script in the repository; a relative folder is meant from where it was typed.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  writeReleaseFolder(folder);
  console.log(`Release written to ${folder}: there, npm ci --omit=dev, then npm run start:prod`);
}
