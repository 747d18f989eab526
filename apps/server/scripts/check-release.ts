/**
 * `npm run check:release` (after `npm run build`; CI runs it): the release started as an operator
 * starts it, and checked from outside.
 *
 * 1. The release folder (release-folder.ts) in an empty temporary folder: no source map and no
 *    build configuration in it, and its package.json names the release's commands, each one that
 *    docs/deployment.md has an operator run there; `npm ci --omit=dev`.
 * 2. `npm run start:prod` with NODE_ENV=production and nothing else set exits 1, naming every
 *    required setting in one message, and leaves its DATA_DIR empty.
 * 3. `npm run db:migrate` with DATABASE_URL alone on a fresh PostgreSQL database (DATABASE_URL's
 *    server) applies every migration by name; then `npm run start:prod` with two workers (WEB_CONCURRENCY=2), REDIS_URL
 *    and mail to an SMTP server in this process (the chain and the exchange are loopback ports
 *    nothing answers on) logs that no migration was needed.
 * 4. /api/readyz; the landing page brotli-compressed and naming the main network; a hashed asset
 *    immutable; its source map 404; identity for `br;q=0, gzip;q=0`; a traversal 404.
 * 5. A member registers with the root invitation code, verifies the address from the e-mail,
 *    signs in and reads the profile.
 * 6. `npm run ledger:check` (DATABASE_URL alone) and `npm run rewards:cycle -- --cycle 1 --file
 *    statement.csv` from the release folder, beside the running server.
 * Exits non-zero at the first failure, with the server's output.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoDepositXpub } from '../src/config/chain-config';
import { requiredInProduction } from '../src/config/start-checks';
import { demoTreasuryAddress } from '../src/config/withdrawals-config';
import { freePort, type ServerProcess, startServerProcess } from '../src/testing/processes';
import { startSmtpServer } from '../src/testing/smtp-server';
import { withAdminClient } from '../src/testing/test-database';
import { releaseCommands, releaseScript } from './release-commands';
import { leftOut, writeReleaseFolder } from './release-folder';

const databaseServerUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const admin = { email: 'operator@uplink.example', password: 'Operator!Pass123' };
const member = { firstName: 'Release', lastName: 'Check', email: 'member@uplink.example', password: 'Member!Pass123' };

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`release check failed: ${what}`);
  console.log(`  ok  ${what}`);
}

/** A GET with the path exactly as written (fetch would resolve `..` before sending). */
function rawStatus(baseUrl: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path: rawPath }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 90): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`release check failed: ${what} within ${seconds} s`);
}

async function api(baseUrl: string, method: string, route: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

async function checkServing(baseUrl: string): Promise<void> {
  const ready = await until('/api/readyz answers 200', async () => {
    const response = await fetch(`${baseUrl}/api/readyz`);
    return response.ok ? response : undefined;
  });
  check(ready.status === 200, 'GET /api/readyz answers 200');

  const landing = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
  const page = await landing.text();
  check(landing.headers.get('content-encoding') === 'br', 'the landing page is sent brotli-compressed');
  check(landing.headers.get('cache-control') === 'no-cache', 'the landing page is revalidated (no-cache)');
  check(page.includes('<meta name="uplink-bsc-network" content="main"'), 'the page names the main network');

  const asset = page.match(/\/assets\/index-[\w-]+\.js/)?.[0];
  check(asset !== undefined, `the page loads a hashed asset (${asset})`);
  const assetAnswer = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip, br' } });
  check(
    assetAnswer.headers.get('cache-control') === 'public, max-age=31536000, immutable',
    `${asset} is cached for a year, immutable`,
  );
  check(assetAnswer.headers.get('content-encoding') === 'br', `${asset} is sent brotli-compressed`);
  const refusing = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
  check(!refusing.headers.get('content-encoding'), `${asset} is sent as it is to a client refusing br and gzip`);
  check((await fetch(`${baseUrl}${asset}.map`)).status === 404, `${asset}.map answers 404`);
  check(
    (await rawStatus(baseUrl, '/assets/..%2f..%2fpackage.json')) === 404,
    'a traversal to package.json answers 404',
  );
}

async function checkMemberSignIn(
  baseUrl: string,
  output: () => string,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
) {
  const referralCode = await until(
    'the banner gives the root invitation code',
    async () => output().match(/\/ref\/([A-Z0-9]+)/)?.[1],
  );
  console.log(`  ok  the banner gives the root invitation code (${referralCode})`);
  const registered = await api(baseUrl, 'POST', '/users/register', { ...member, referredByCode: referralCode });
  check(registered.status === 201, 'a member registers with it');
  const mail = await until('the verification e-mail arrives over SMTP', async () =>
    smtp.received.find((candidate) => candidate.to && JSON.stringify(candidate.to).includes(member.email)),
  );
  const token = mail.text?.match(/verify-email\?token=([\w-]+)/)?.[1];
  check(token !== undefined, 'the verification e-mail carries its link');
  check((await api(baseUrl, 'POST', '/users/verify-email', { token })).status === 200, 'the link verifies the address');
  const signedIn = await api(baseUrl, 'POST', '/users/login', { email: member.email, password: member.password });
  check(signedIn.status === 200, 'the member signs in');
  const profile = await api(baseUrl, 'GET', '/users/profile', undefined, String(signedIn.body.data.token));
  check(profile.status === 200 && profile.body.data.email === member.email, 'the session reads the member profile');
}

/** The guide's `npm run` commands that run in a checkout (the build host's), not in a release. */
const checkoutCommands = ['build', 'release', 'check:release', 'demo:chain', 'bench:alerts'];

/** Every file of the release, relative to it (npm's own node_modules aside). */
function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => !file.split(path.sep).includes('node_modules'),
  );
}

function checkReleaseContents(releaseDir: string): void {
  check(filesOf(releaseDir).filter(leftOut).length === 0, 'the release holds no source map and no build configuration');
  const { scripts } = JSON.parse(readFileSync(path.join(releaseDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const commands = Object.keys(releaseCommands) as (keyof typeof releaseCommands)[];
  check(
    JSON.stringify(scripts) === JSON.stringify(Object.fromEntries(commands.map((c) => [c, releaseScript(c)]))),
    `its package.json runs compiled JavaScript: ${commands.join(', ')}`,
  );
  const guide = readFileSync(path.resolve(import.meta.dirname, '../../../docs/deployment.md'), 'utf8');
  const named = [...new Set([...guide.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] as string))];
  const missing = named.filter((name) => !checkoutCommands.includes(name) && !(name in scripts));
  check(
    missing.length === 0,
    `every command the guide runs in a release is one (${missing.join(', ') || 'none missing'})`,
  );
}

/** `npm run <command>` in the release folder with exactly `env`; its exit code and output. */
function runInRelease(releaseDir: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const ran = spawnSync('npm', ['run', '--silent', command, ...(args.length ? ['--', ...args] : [])], {
    cwd: releaseDir,
    env,
    encoding: 'utf8',
  });
  return { status: ran.status, output: `${ran.stdout}${ran.stderr}` };
}

function checkRefusedStart(releaseDir: string, workDir: string): void {
  const emptyDataDir = path.join(workDir, 'refused-data');
  mkdirSync(emptyDataDir);
  const refused = runInRelease(releaseDir, 'start:prod', [], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATA_DIR: emptyDataDir,
  });
  const named = refused.output.split('\n').filter((line) => line.includes('required in production'));
  check(
    refused.status !== 0 &&
      named.length === 1 &&
      [...requiredInProduction, 'DATABASE_URL'].every((name) => named[0]?.includes(name)),
    'a production start without its settings names every required one in one message and exits non-zero',
  );
  check(readdirSync(emptyDataDir).length === 0, 'and leaves its DATA_DIR empty');
}

const workDir = mkdtempSync(path.join(tmpdir(), 'uplink-release-'));
const releaseDir = path.join(workDir, 'release');
const databaseName = `uplink_release_${process.pid}`;
const smtp = await startSmtpServer();
let server: ServerProcess | null = null;
try {
  console.log(`== release folder ${releaseDir}: npm ci --omit=dev`);
  writeReleaseFolder(releaseDir);
  const installed = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: releaseDir,
    stdio: 'inherit',
  });
  check(installed.status === 0, 'npm ci --omit=dev installs the release from the lockfile');
  checkReleaseContents(releaseDir);
  checkRefusedStart(releaseDir, workDir);

  await withAdminClient(databaseServerUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = new URL(databaseServerUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nothingListens = `http://127.0.0.1:${await freePort()}`;
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(workDir, 'data'),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    WEB_CONCURRENCY: '2',
    JWT_SECRET: randomBytes(48).toString('base64'),
    DEPOSIT_XPUB: demoDepositXpub,
    TREASURY_ADDRESSES: demoTreasuryAddress,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    BSC_RPC_URL: nothingListens,
    BINGX_API_KEY: 'release-check-key',
    BINGX_API_SECRET: 'release-check-secret',
    BINGX_BASE_URL: nothingListens,
    // Cycle 1 ended two weeks ago: rewards:cycle distributes it below.
    REWARD_CYCLE_EPOCH: new Date(Date.now() - 21 * 86_400_000).toISOString(),
    LOG_LEVEL: 'info',
  };
  // The operator's database commands with the database's settings alone (issue 44): no JWT_SECRET,
  // chain, exchange, Redis or WEB_CONCURRENCY.
  const databaseOnly: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
  };
  const migrated = runInRelease(releaseDir, 'db:migrate', [], databaseOnly);
  check(
    migrated.status === 0 &&
      migrated.output.includes('database migrated: 0001-accounts, ') &&
      migrated.output.includes('0150-installation'),
    'npm run db:migrate, with DATABASE_URL alone, applies every migration, naming each',
  );

  console.log(`== npm run start:prod, NODE_ENV=production, WEB_CONCURRENCY=2, at ${baseUrl}`);
  server = startServerProcess(environment, { command: 'npm', args: ['run', 'start:prod'], cwd: releaseDir });
  const started = server;
  await Promise.race([
    checkServing(baseUrl).then(() => checkMemberSignIn(baseUrl, started.output, smtp)),
    started.exited.then(({ code }) => {
      throw new Error(`release check failed: the server exited (${code})`);
    }),
  ]);
  check(
    started.output().includes('database schema up to date: no migration to apply'),
    'the start logs that no migration was needed',
  );

  const ledger = runInRelease(releaseDir, 'ledger:check', [], databaseOnly);
  check(
    ledger.status === 0 && ledger.output.includes('Ledger sound'),
    'npm run ledger:check, with DATABASE_URL alone, finds the ledger sound',
  );
  const statement = path.join(workDir, 'statement.csv');
  writeFileSync(statement, 'bingXUID,masterAmount\n77000001,120.50\n');
  const cycle = runInRelease(releaseDir, 'rewards:cycle', ['--cycle', '1', '--file', statement], environment);
  check(
    cycle.status === 0 && cycle.output.includes('Cycle 1 distributed'),
    'npm run rewards:cycle -- --cycle 1 --file statement.csv distributes the cycle',
  );
  console.log('release check passed');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`-- server output --\n${server.output()}`);
  process.exitCode = 1;
} finally {
  server?.child.kill('SIGTERM');
  if (server) await server.exited;
  await smtp.close();
  await withAdminClient(databaseServerUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
  ).catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}
