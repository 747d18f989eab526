/**
 * `npm run check:release` (after `npm run build`; CI runs it): the release started as an operator
 * starts it, and checked from outside.
 *
 * 1. The release folder (release-folder.ts) in an empty temporary folder, `npm ci --omit=dev`.
 * 2. `node apps/server/dist/main.js` with NODE_ENV=production, two workers (WEB_CONCURRENCY=2),
 *    on a fresh PostgreSQL database (DATABASE_URL's server) and REDIS_URL, mail to an SMTP server
 *    in this process; the chain and the exchange are loopback ports nothing answers on.
 * 3. /api/readyz; the landing page brotli-compressed and naming the main network; a hashed asset
 *    immutable; its source map 404; identity for `br;q=0, gzip;q=0`; a traversal 404.
 * 4. A member registers with the root invitation code, verifies the address from the e-mail,
 *    signs in and reads the profile.
 * Exits non-zero at the first failure, with the server's output.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoDepositXpub, demoTreasuryAddress } from '../src/config';
import { freePort, type ServerProcess, startServerProcess } from '../src/testing/processes';
import { startSmtpServer } from '../src/testing/smtp-server';
import { withAdminClient } from '../src/testing/test-database';
import { writeReleaseFolder } from './release-folder';

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

  await withAdminClient(databaseServerUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = new URL(databaseServerUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nothingListens = `http://127.0.0.1:${await freePort()}`;
  console.log(`== node apps/server/dist/main.js, NODE_ENV=production, WEB_CONCURRENCY=2, at ${baseUrl}`);
  server = startServerProcess(
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      WEB_CONCURRENCY: '2',
      JWT_SECRET: 'release-check-secret-that-is-long-enough-for-hs256',
      DEPOSIT_XPUB: demoDepositXpub,
      TREASURY_ADDRESSES: demoTreasuryAddress,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMTP_URL: smtp.url,
      BSC_RPC_URL: nothingListens,
      BINGX_API_KEY: 'release-check-key',
      BINGX_API_SECRET: 'release-check-secret',
      BINGX_BASE_URL: nothingListens,
      LOG_LEVEL: 'warn',
    },
    { command: process.execPath, args: ['apps/server/dist/main.js'], cwd: releaseDir },
  );
  const started = server;
  await Promise.race([
    checkServing(baseUrl).then(() => checkMemberSignIn(baseUrl, started.output, smtp)),
    started.exited.then(({ code }) => {
      throw new Error(`release check failed: the server exited (${code})`);
    }),
  ]);
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
