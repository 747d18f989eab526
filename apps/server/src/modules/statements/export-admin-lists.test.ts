import { Readable } from 'node:stream';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvStream } from '../../csv/csv-stream';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { bearer, creditReward, fundedMember, requestedWithdrawal } from '../../testing/builders';

const cellsOf = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;

describe('an administrator exports a list as filtered on its screen', () => {
  const { t, admin, adminHeaders } = adminTestAppForFile();
  let hostile: UserRow;
  let rejectedId: string;

  const download = (url: string, headers = adminHeaders) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    hostile = await fundedMember(t.database.db, '500');
    await t.database.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://x","y")', last_name: '@evil' })
      .where('id', '=', hostile.id)
      .execute();
    await requestedWithdrawal(t, hostile, 12.34);
    rejectedId = await requestedWithdrawal(t, hostile, 5);
    await t.database.db
      .updateTable('withdrawals')
      .set({ status: 'REJECTED', reason: '+cmd|calc', processed_at: new Date() })
      .where('id', '=', rejectedId)
      .execute();
    for (const cycle of [7001, 7002]) {
      await creditReward(t.database.db, { beneficiary: hostile, source: admin, amount: '0.0043', cycle, level: 12 });
    }
  }, 180_000);

  it('exports the withdrawals of one status, names neutralised, amounts exact, and audits it', async () => {
    const answer = await download('/api/withdrawals/admin/all/export?status=REJECTED&page=3&limit=1');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="uplink-withdrawals-\d{4}-\d{2}-\d{2}T\d{6}Z\.csv"$/,
    );
    const lines = cellsOf(answer.body);
    expect(lines[0]?.slice(0, 6)).toEqual([
      'requestedAt',
      'withdrawalId',
      'memberUserId',
      'memberName',
      'memberEmail',
      'amount',
    ]);
    expect(lines.slice(1).map((line) => [line[1], line[3], line[5], line[8], line[9]])).toContainEqual([
      rejectedId,
      `'=HYPERLINK("http://x","y") @evil`,
      '5',
      'REJECTED',
      "'+cmd|calc",
    ]);
    expect(lines.slice(1).every((line) => line[8] === 'REJECTED')).toBe(true);
    const audit = await sql<{ target_id: string; after: unknown; actor_id: string }>`
      SELECT target_id, after, actor_id FROM audit_log WHERE action = 'DATA_EXPORTED' ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(audit.rows[0]).toEqual({
      target_id: 'withdrawals',
      after: { filters: { status: 'REJECTED' } },
      actor_id: admin.id,
    });
  });

  it("exports one cycle run's rewards with exact sub-cent amounts, audited with its cycle", async () => {
    const lines = cellsOf((await download('/api/rewards/admin/all/export?cycle=7002')).body);
    expect(lines.slice(1).map((line) => [line[2], line[8], line[11], line[12]])).toEqual([
      [hostile.user_id, '7002', '100', '0.0043'],
    ]);
    const audit = await sql<{ target_id: string; after: { filters: Record<string, unknown> } }>`
      SELECT target_id, after FROM audit_log WHERE action = 'DATA_EXPORTED' ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(audit.rows[0]).toMatchObject({ target_id: 'rewards', after: { filters: { cycle: 7002 } } });
  });

  it('exports the members a search finds, with their balances', async () => {
    const lines = cellsOf((await download(`/api/users/admin/all/export?search=${hostile.user_id}`)).body);
    expect(lines[0]).toContain('available');
    expect(lines.slice(1).map((line) => [line[0], line[1], line[12]])).toEqual([
      [hostile.user_id, `'=HYPERLINK("http://x","y")`, '500'],
    ]);
  });

  it('leaves administrators out of the members file: they are not members', async () => {
    const lines = cellsOf((await download('/api/users/admin/all/export')).body);
    const userIds = lines.slice(1).map((line) => line[0]);
    expect(userIds).toContain(hostile.user_id);
    expect(userIds).not.toContain(admin.user_id);
  });

  it('exports the audit log by action, the exports themselves included', async () => {
    const lines = cellsOf((await download('/api/admin/audit-log/export?action=DATA_EXPORTED')).body);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.slice(1).every((line) => line[1] === 'DATA_EXPORTED' && line[2] === admin.user_id)).toBe(true);
  });

  it('refuses a member (403) and a bad filter (400), writing no audit row', async () => {
    const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log`.execute(t.database.db);
    const memberToken = t.app.context.sessionTokens.sign(hostile.id);
    for (const url of [
      '/api/users/admin/all/export',
      '/api/withdrawals/admin/all/export',
      '/api/rewards/admin/all/export',
      '/api/admin/audit-log/export',
    ]) {
      expect((await download(url, bearer(memberToken))).statusCode, url).toBe(403);
    }
    expect((await download('/api/withdrawals/admin/all/export?status=PAID')).statusCode).toBe(400);
    expect((await download('/api/rewards/admin/all/export?cycle=0')).statusCode).toBe(400);
    const after = await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log`.execute(t.database.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('stops reading when the download is closed: at most the chunk being read', async () => {
    let chunksRead = 0;
    const stream = Readable.from(
      csvStream<number>(
        {
          header: 'n\r\n',
          readChunk: async (last, limit) => {
            chunksRead += 1;
            const start = (last ?? 0) + 1;
            return Array.from({ length: limit }, (_, index) => start + index);
          },
          lines: (rows) => `${rows.join('\r\n')}\r\n`,
        },
        10,
      ),
    );
    const seen: string[] = [];
    for await (const piece of stream) {
      seen.push(String(piece));
      if (seen.length === 3) break; // what a closed connection does to the stream: destroy it
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
    expect(chunksRead).toBeLessThanOrEqual(3);
  });
});
