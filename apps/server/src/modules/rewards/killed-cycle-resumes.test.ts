import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../../scripts/seed-network';
import { systemClock } from '../../clock';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { hangDeadlineMs } from '../../testing/hang-deadline';
import { testConfig } from '../../testing/test-app';
import { databaseUrlOn, withAdminClient } from '../../testing/test-database';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { previewRewardCycle } from './preview-reward-cycle';
import { resumeInterruptedCycles } from './resume-interrupted-cycles';
import type { runRewardCycle } from './run-reward-cycle';

const testServerUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

/**
 * Issue 42: a run killed mid-cycle left a lease that refused every rerun for 5 minutes ("being
 * previewed or run right now" with no process running it), and `ledger:check` called the ledger
 * BROKEN until a rerun completed. The run is a child process here, killed with SIGKILL while it
 * books the ledger: no `finally` of it runs.
 */
describe.skipIf(!testServerUrl)('a reward cycle whose process is killed mid-run (PostgreSQL)', () => {
  const name = `uplink_test_${randomBytes(6).toString('hex')}`;
  // The body is collected even when skipped: the URL is made only where there is a server.
  const databaseUrl = testServerUrl ? databaseUrlOn(testServerUrl, name) : '';
  let database: DatabaseHandle;
  let root: string;
  let statementFile: string;
  const config = testConfig();
  let deps: Parameters<typeof runRewardCycle>[0];
  let lines: { uid: string; masterAmount: string }[];

  beforeAll(async () => {
    await withAdminClient(testServerUrl as string, (client) => client.query(`CREATE DATABASE ${name}`));
    database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
    await migrateToLatest(database.db);
    await seedNetwork(database.db, { members: 1_500, depth: 15 });
    await sql`UPDATE users SET bingx_balance = 250, bingx_balance_checked_at = now() WHERE bingx_uid IS NOT NULL`.execute(
      database.db,
    );
    const copiers = await database.db
      .selectFrom('users')
      .select('bingx_uid')
      .where('bingx_uid', 'is not', null)
      .execute();
    lines = copiers.map((copier, index) => ({
      uid: copier.bingx_uid as string,
      masterAmount: (1 + (index % 97) / 10).toFixed(2),
    }));
    root = mkdtempSync(path.join(tmpdir(), 'uplink-killed-cycle-'));
    statementFile = path.join(root, 'statement.csv');
    writeFileSync(
      statementFile,
      `bingXUID,masterAmount\n${lines.map((line) => `${line.uid},${line.masterAmount}`).join('\n')}\n`,
    );
    deps = {
      db: database.db,
      clock: systemClock,
      config,
      integrations: { exchangeGateway: null as never, depositChain: null },
    };
  }, hangDeadlineMs);

  afterAll(async () => {
    await database?.close();
    await withAdminClient(testServerUrl as string, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it(
    'is reported in progress by ledger:check, then finished at once by the next start with the totals previewed',
    async () => {
      const statement = { source: 'UPLOAD' as const, lines };
      const preview = await previewRewardCycle(deps, { cycle: 1, statement });
      expect(preview.rewardsToWrite).toBeGreaterThan(1_000);

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'killed-cycle-run.fixture.ts')],
        {
          cwd: repositoryRoot,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            DATABASE_URL: databaseUrl,
            STATEMENT_FILE: statementFile,
            CYCLE: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = once(child, 'exit');
      // Killed once it books the ledger: rewards all written, some beneficiaries credited, not all.
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the run ended before it could be killed:\n${output}`);
        const { rows } = await sql<{ booked: number }>`
          SELECT count(*)::int AS booked FROM ledger_entries WHERE reason_type = 'REWARD_CYCLE' AND reason_id = '1'`.execute(
          database.db,
        );
        if ((rows[0]?.booked ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGKILL');
      await exited;
      expect(await database.db.selectFrom('reward_cycle_progress').select('cycle').execute()).toEqual([{ cycle: 1 }]);

      // The ledger is sound, with the cycle said to be in progress (left half-way), not BROKEN.
      expect(await findLedgerDiscrepancies(database.db)).toEqual([]);
      const check = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/ledger-check.ts'], {
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      expect(check.stdout).toMatch(/Reward cycle 1 was left half-way by a process that stopped/);
      expect(check.stdout).toMatch(/Ledger sound/);
      expect(check.status).toBe(0);

      // The next start's resume (a rerun, without the upload) goes at once — no lease of a dead
      // process in the way — and finishes with the totals previewed.
      const [resumed, ...more] = await resumeInterruptedCycles(deps);
      expect(more).toEqual([]);
      expect(resumed).toMatchObject({
        outcome: 'DISTRIBUTED',
        rewardsWritten: preview.rewardsToWrite,
        totalPaid: preview.totalToPay,
        totalLocked: preview.totalToLock,
      });
      expect(await database.db.selectFrom('reward_cycle_progress').selectAll().execute()).toEqual([]);
      expect(await findLedgerDiscrepancies(database.db)).toEqual([]);
    },
    hangDeadlineMs * 2,
  );
});
