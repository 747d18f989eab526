import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { migrateUpTo } from './db/migrator';
import { hangDeadlineMs } from './testing/hang-deadline';
import { freePort } from './testing/processes';
import { databaseUrlOn, withAdminClient } from './testing/test-database';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const testServerUrl = process.env.TEST_DATABASE_URL;

/** An operator command run as `npm run` runs it in a checkout, with exactly `env` (nothing inherited). */
function run(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const ran = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
  });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr, ms: Date.now() - started };
}

const commands = {
  'db:migrate': 'apps/server/src/db/migrate-cli.ts',
  'ledger:check': 'apps/server/scripts/ledger-check.ts',
  'rewards:cycle': 'apps/server/scripts/rewards-cycle.ts',
  release: 'apps/server/scripts/release-folder.ts',
  'demo:pay': 'apps/server/scripts/demo-pay.ts',
  'seed:network': 'apps/server/scripts/seed-network.ts',
  start: 'apps/server/src/main.ts',
};

/** No line of a stack trace ("    at f (file:1:2)"). */
const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

/**
 * Issues 42 and 44: operator commands that asked for the server's every setting, crashed with a
 * stack trace ("relation ledger_totals does not exist", `rewards:cycle --help`, `release` into a
 * non-empty folder), and gave up on a database after 3 s whatever DATABASE_WAIT_TIMEOUT_MS said.
 * Production runs here with nothing but the database's settings.
 */
describe('operator commands', () => {
  let root: string;
  /** The database of the previous release's schema: DATABASE_URL on PostgreSQL, DATA_DIR on the embedded one. */
  let olderDatabase: NodeJS.ProcessEnv;
  const name = `uplink_test_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'uplink-commands-'));
    olderDatabase = testServerUrl
      ? { DATABASE_URL: databaseUrlOn(testServerUrl, name) }
      : { DATA_DIR: path.join(root, 'data') };
    if (testServerUrl) await withAdminClient(testServerUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({
      databaseUrl: olderDatabase.DATABASE_URL,
      pgliteDataDir: path.join(root, 'data', 'pglite'),
    });
    await migrateUpTo(database.db, '0150-installation');
    await database.close();
  }, hangDeadlineMs);

  afterAll(async () => {
    if (testServerUrl) {
      await withAdminClient(testServerUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'each says with --help what it does and the settings it reads',
    () => {
      // Every command goes through one runner (operator-command.ts); four of them spawned here, a few seconds each.
      for (const command of ['db:migrate', 'rewards:cycle', 'release', 'start'] as const) {
        const script = commands[command];
        const help = run(script, ['--help'], {});
        expect({ command, status: help.status, stderr: help.stderr }).toEqual({ command, status: 0, stderr: '' });
        expect(help.stdout, command).toMatch(/^Usage: /);
        expect(help.stdout, command).toMatch(/\nReads: /);
      }
      expect(run(commands['db:migrate'], ['--help'], {}).stdout).toMatch(/Reads: DATABASE_URL .*nothing else\./);
    },
    hangDeadlineMs,
  );

  it(
    'on an older schema, ledger:check says to migrate first in one JSON line; db:migrate and ledger:check then run with the database settings alone',
    () => {
      const production = { NODE_ENV: 'production', ...olderDatabase };
      const older = run(commands['ledger:check'], [], production);
      expect(older.status).toBe(1);
      expect(older.stdout).toBe('');
      const lines = older.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({
        level: 50,
        command: 'ledger:check',
        msg: expect.stringMatching(
          /^The database schema is older than this release \(\d+ migrations to apply: 0170-ledger-totals, .*\): run `npm run db:migrate` first\.$/,
        ),
      });

      const migrated = run(commands['db:migrate'], [], production);
      expect(migrated.stderr).toBe('');
      expect(migrated.status).toBe(0);
      expect(migrated.stdout).toMatch(/database migrated: 0170-ledger-totals, /);
      const checked = run(commands['ledger:check'], [], production);
      expect(checked.status).toBe(0);
      expect(JSON.parse(checked.stdout.trim())).toMatchObject({
        level: 30,
        msg: expect.stringMatching(/^Ledger sound/),
      });
    },
    hangDeadlineMs,
  );

  it(
    'waits DATABASE_WAIT_TIMEOUT_MS for a database that does not answer, then says so in one line',
    async () => {
      const nowhere = {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/uplink`,
        DATABASE_WAIT_TIMEOUT_MS: '3000',
      };
      const migrate = run(commands['db:migrate'], [], nowhere);
      expect(migrate.status).toBe(1);
      expect(migrate.ms).toBeGreaterThanOrEqual(2_500);
      expect(migrate.stderr.trim()).toMatch(
        /^db:migrate: the database at 127\.0\.0\.1:\d+\/uplink did not answer within 3 s \(DATABASE_WAIT_TIMEOUT_MS\): .*ECONNREFUSED/,
      );
      expect(migrate.stderr.trim().split('\n')).toHaveLength(1);
      // The server's start alike, in production's JSON, before it listens.
      const start = run(commands.start, [], {
        ...nowhere,
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_DATABASE: 'true',
        WEB_CONCURRENCY: '1',
        DATA_DIR: path.join(root, 'start'),
        JWT_SECRET: randomBytes(48).toString('base64'),
        DEPOSIT_XPUB:
          'xpub6EFHUEbYV13535ChA9yg5xZTWowwFCmFoWnhLbwkd91xHoirGu89GTZwBSUBnBpFeY5EV2cgof8yuyDnkeGALcD8DgGYJSiQfkxKpunWTX1',
        PUBLIC_URL: 'https://uplink.example.com',
        TREASURY_ADDRESSES: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        BSC_RPC_URL: `http://127.0.0.1:${await freePort()}`,
        BINGX_API_KEY: 'key',
        BINGX_API_SECRET: 'secret',
      });
      expect(start.status).toBe(1);
      expect(start.ms).toBeGreaterThanOrEqual(2_500);
      const failure = start.stderr.trim().split('\n');
      expect(failure).toHaveLength(1);
      expect(JSON.parse(failure[0] as string)).toMatchObject({
        level: 50,
        command: 'start',
        msg: expect.stringMatching(/did not answer within 3 s/),
      });
      noStackTrace(start.stdout + start.stderr);
    },
    hangDeadlineMs,
  );

  it(
    'says what went wrong in one line, never a stack trace: a misspelt setting, a usage mistake, a non-empty release folder',
    () => {
      const misspelt = run(commands['ledger:check'], [], { DATABSE_URL: 'postgres://postgres@127.0.0.1:5432/uplink' });
      expect(misspelt.status).toBe(1);
      expect(misspelt.stderr.trim()).toMatch(
        /^ledger:check: These settings are refused .*DATABSE_URL: not a setting of Uplink; did you mean DATABASE_URL\?$/,
      );
      const noCycle = run(commands['rewards:cycle'], ['--cycle', 'seven'], {});
      expect(noCycle.status).toBe(2);
      expect(noCycle.stderr).toMatch(/^rewards:cycle: cycle: /);
      const unknownOption = run(commands['rewards:cycle'], ['--cylce', '7'], {});
      expect(unknownOption.status).toBe(2);
      const folder = path.join(root, 'not-empty');
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'something'), 'x');
      const release = run(commands.release, [folder], {});
      expect(release.status).toBe(1);
      expect(release.stderr.trim().split('\n')).toHaveLength(1);
      for (const ran of [misspelt, noCycle, unknownOption, release]) noStackTrace(ran.stdout + ran.stderr);
    },
    hangDeadlineMs,
  );
});
