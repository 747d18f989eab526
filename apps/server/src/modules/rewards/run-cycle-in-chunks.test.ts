import os from 'node:os';
import { type KyselyPlugin, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../../scripts/seed-network';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { bearer, createMember } from '../../testing/builders';
import { postCycleRequest } from '../../testing/cycle-requests';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { runRewardCycle } from './run-reward-cycle';

/**
 * A cycle of 20,000+ copiers on the embedded database (one connection): the run and the preview
 * give the connection back between chunks, so a member's profile read is answered while the run
 * goes on; a second preview or run is refused at once; a run killed between chunks is finished
 * by the next run with the totals the preview announced, and no double credit.
 *
 * Latencies are printed, not asserted (a loaded machine makes any limit flaky); what is asserted
 * is that reads complete while the run is still under way, between its chunks.
 */
describe('a large reward cycle runs in chunks', () => {
  const { t, adminHeaders } = adminTestAppForFile();
  let memberToken: string;
  let entries: { bingXUID: string; masterAmount: string }[];

  beforeAll(async () => {
    const member = await createMember(t.database.db);
    memberToken = t.app.context.sessionTokens.sign(member.id);
    await seedNetwork(t.database.db, { members: 28_000, depth: 15 });
    // Every linked member compliant (exchange balance on record), so most rewards are posted.
    await sql`UPDATE users SET bingx_balance = 250, bingx_balance_checked_at = now() WHERE bingx_uid IS NOT NULL`.execute(
      t.database.db,
    );
    const copiers = await t.database.db
      .selectFrom('users')
      .select('bingx_uid')
      .where('bingx_uid', 'is not', null)
      .execute();
    entries = copiers.map((copier, index) => ({
      bingXUID: copier.bingx_uid as string,
      masterAmount: (1 + (index % 997) / 100).toFixed(2),
    }));
    expect(entries.length).toBeGreaterThanOrEqual(20_000);
  }, 600_000);

  const post = (url: string, body: object) => postCycleRequest(t, adminHeaders, url, body);

  /**
   * Profile reads one after another until `until` settles: each read's latency, whether the work
   * was still under way when it was answered, and how many rewards the run under way of `cycle`
   * had written by then (a number between 0 and the total: the read came between two chunks).
   */
  async function readProfilesWhile(until: Promise<unknown>, cycle: number) {
    let settled = false;
    void until.finally(() => {
      settled = true;
    });
    const reads: { ms: number; duringRun: boolean; rewardsWrittenSoFar: number | null }[] = [];
    while (!settled) {
      const started = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(memberToken) });
      const ms = performance.now() - started;
      expect(answer.statusCode).toBe(200);
      const progress = await t.database.db
        .selectFrom('reward_cycle_progress')
        .select('rewards_written')
        .where('cycle', '=', cycle)
        .executeTakeFirst();
      reads.push({ ms, duringRun: !settled, rewardsWrittenSoFar: progress ? Number(progress.rewards_written) : null });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return reads;
  }

  function report(label: string, reads: { ms: number }[], seconds: number) {
    const sorted = reads.map((read) => read.ms).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(0);
    console.log(
      `${label}: ${entries.length} copiers in ${seconds.toFixed(1)} s; ${reads.length} profile reads during it, ` +
        `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
  }

  let preview: { rewardsToWrite: number; totalToPay: number; totalToLock: number; totalMasterAmount: number };

  it('previews in chunks: members are answered meanwhile and a second preview is refused at once', async () => {
    const started = performance.now();
    const first = post('/api/rewards/admin/cycles/preview', { cycle: 1, entries });
    // Let the first take the lease before the double click.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await post('/api/rewards/admin/cycles/preview', { cycle: 1, entries });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('REWARD_CYCLE_BUSY');
    const reads = await readProfilesWhile(first, 1);
    const answer = await first;
    report('preview', reads, (performance.now() - started) / 1000);
    expect(answer.statusCode).toBe(200);
    preview = answer.json().data;
    expect(preview.rewardsToWrite).toBeGreaterThan(100_000);
    expect(reads.filter((read) => read.duringRun).length).toBeGreaterThan(1);
  }, 600_000);

  it('a run killed between chunks is finished by the next run, with the totals previewed', async () => {
    // The run dies at its fourth rewards chunk: three chunks committed, the fourth rolled back.
    let rewardChunks = 0;
    const dies: KyselyPlugin = {
      transformQuery(args) {
        const fragments = (args.node as { sqlFragments?: readonly string[] }).sqlFragments ?? [];
        // A rewards chunk (it writes into the cycle's load table): the statement that reads its cursor.
        if (fragments.some((fragment) => fragment.includes('SELECT rewards_through')) && ++rewardChunks === 4) {
          throw new Error('killed mid-run');
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const deps = { ...t.app.context, db: t.database.db.withPlugin(dies) };
    await expect(
      runRewardCycle(deps, {
        cycle: 2,
        statement: { source: 'UPLOAD', lines: entries.map((e) => ({ uid: e.bingXUID, masterAmount: e.masterAmount })) },
        startedBy: null,
      }),
    ).rejects.toThrow('killed mid-run');
    const progress = await t.database.db
      .selectFrom('reward_cycle_progress')
      .selectAll()
      .where('cycle', '=', 2)
      .execute();
    expect(progress).toHaveLength(1);
    expect(Number(progress[0]?.rewards_written)).toBeGreaterThan(0);
    expect(await t.database.db.selectFrom('reward_cycle_runs').select('id').where('cycle', '=', 2).execute()).toEqual(
      [],
    );

    const resumed = await post('/api/rewards/admin/cycles', { cycle: 2, entries });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({
      outcome: 'DISTRIBUTED',
      rewardsWritten: preview.rewardsToWrite,
      totalPaid: preview.totalToPay,
      totalLocked: preview.totalToLock,
      totalMasterAmount: preview.totalMasterAmount,
    });
    const { rows } = await sql<{ rewards: string; entries: string }>`
      SELECT (SELECT count(*) FROM rewards WHERE cycle = 2 AND type = 'DOWNLINE')::text AS rewards,
             (SELECT count(*) FROM ledger_entries WHERE reason_type = 'REWARD_CYCLE' AND reason_id = '2')::text AS entries`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.rewards)).toBe(preview.rewardsToWrite);
    expect(await t.database.db.selectFrom('reward_cycle_progress').selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom('reward_cycle_sums').selectAll().execute()).toEqual([]);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 600_000);

  it('runs in chunks: a profile read is answered while the run is under way, and a second run is refused at once', async () => {
    const started = performance.now();
    const run = post('/api/rewards/admin/cycles', { cycle: 3, entries });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await post('/api/rewards/admin/cycles', { cycle: 3, entries });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('REWARD_CYCLE_BUSY');
    const reads = await readProfilesWhile(run, 3);
    const answer = await run;
    report('run', reads, (performance.now() - started) / 1000);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ outcome: 'DISTRIBUTED', rewardsWritten: preview.rewardsToWrite });
    expect(reads.filter((read) => read.duringRun).length).toBeGreaterThan(1);
    // Answered between two chunks: some rewards of the cycle written, not all of them.
    expect(
      reads.some(
        (read) =>
          read.rewardsWrittenSoFar !== null &&
          read.rewardsWrittenSoFar > 0 &&
          read.rewardsWrittenSoFar < preview.rewardsToWrite,
      ),
    ).toBe(true);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 600_000);
});
