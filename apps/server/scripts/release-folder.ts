/**
 * `npm run release -- <folder>`: after `npm run build`, writes what a production machine needs
 * into an empty folder: the compiled server and web app, the lockfile and the package manifests
 * `npm ci --omit=dev` installs from. Nothing else of the checkout goes: no TypeScript, no tests,
 * no source maps (the web app's stay in apps/web/dist-private), no build configuration. The
 * manifests name the release's own commands (release-commands.ts), which run compiled JavaScript:
 * the checkout's scripts need tsx and the build tools, which a release does not install.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runOperatorCommand, UsageError } from '../src/operator-command';
import { type ReleaseCommand, releaseCommands, releaseScript } from './release-commands';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** The manifests, relative to the repository root: npm ci needs every workspace's; only the server's dependencies install. */
export const releaseManifests = [
  'package.json',
  'packages/contract/package.json',
  'apps/web/package.json',
  'e2e/package.json',
  'apps/server/package.json',
];

/** Copied as they are, but for what `leftOut` names. */
const releaseFiles = ['package-lock.json', 'apps/server/dist', 'apps/web/dist'];

/**
 * Built files no production machine needs: source maps, the demo chain's Hardhat configuration
 * (local mode only) and Vite's folder of its build manifest (moved to dist-private, left empty).
 */
export const leftOut = (file: string): boolean =>
  file.endsWith('.map') || ['hardhat.config.cjs', '.vite'].includes(path.basename(file));

/** A manifest as the release has it: the root's scripts are the release's commands, the workspaces' none. */
function releaseManifest(file: string): string {
  const { scripts: _checkoutScripts, ...manifest } = JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8'));
  const commands = Object.keys(releaseCommands) as ReleaseCommand[];
  const scripts = Object.fromEntries(commands.map((command) => [command, releaseScript(command)]));
  return `${JSON.stringify(file === 'package.json' ? { ...manifest, scripts } : manifest, null, 2)}\n`;
}

export function writeReleaseFolder(target: string): void {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repositoryRoot, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty: a release goes into an empty folder (or one that does not exist yet)`);
  }
  for (const file of releaseManifests) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    writeFileSync(path.join(target, file), releaseManifest(file));
  }
  for (const file of releaseFiles) {
    cpSync(path.join(repositoryRoot, file), path.join(target, file), {
      recursive: true,
      filter: (source) => !leftOut(source),
    });
  }
}

if (import.meta.filename === process.argv[1]) {
  await runOperatorCommand({
    name: 'release',
    usage: 'npm run release -- <empty folder>',
    summary:
      'After npm run build, writes the release into an empty folder: the compiled server and web app, the lockfile and the manifests (no TypeScript, tests, source maps or build configuration). There: npm ci --omit=dev, then npm run start:prod.',
    settings: ['nothing (INIT_CWD, set by npm, resolves a relative folder from where it was typed)'],
    positionals: true,
    async run({ positionals }) {
      const [target] = positionals;
      if (!target) throw new UsageError('name the empty folder to write the release into');
      // npm runs the script in the repository; a relative folder is meant from where it was typed.
      const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
      writeReleaseFolder(folder);
      console.log(`Release written to ${folder}: there, npm ci --omit=dev, then npm run start:prod`);
      return 0;
    },
  });
}
