import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../../scripts/seed-network';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { creditReward, requestedWithdrawal, sessionHeaders } from '../../testing/builders';
import { findLedgerDiscrepancies } from './ledger-repository';

/**
 * `npm run seed:network` loads with the triggers off (a superuser connection, as PGlite's and
 * the test PostgreSQL's are): whatever the triggers would have written it writes itself, so a
 * seeded member is like any other — their cycles, stats and withdrawals work, the ledger check
 * is clean — and every exchange UID is digits.
 */
describe('a seeded network', () => {
  const { t, adminHeaders } = adminTestAppForFile();
  let seededIds: string[];

  beforeAll(async () => {
    const lines: string[] = [];
    const seeded = await seedNetwork(t.database.db, { members: 400, depth: 6, log: (line) => lines.push(line) });
    expect(lines[0]).toMatch(/bulk mode: triggers off/);
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', '%@seed.uplink.test')
      .execute();
    seededIds = rows.map((row) => row.id);
    expect(seededIds).toHaveLength(seeded.created);
  }, 180_000);

  const seededMembers = () =>
    t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', '%@seed.uplink.test')
      .orderBy('created_at')
      .execute() as Promise<UserRow[]>;

  it('opens a ledger account for every seeded member, the root included', async () => {
    const { rows } = await sql<{ missing: string }>`
      SELECT count(*)::text AS missing FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = u.id)`.execute(t.database.db);
    expect(rows[0]?.missing).toBe('0');
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('gives every seeded member a numeric exchange UID, the root included', async () => {
    const uids = (await seededMembers()).map((member) => member.bingx_uid).filter((uid) => uid !== null);
    expect(uids.length).toBeGreaterThan(200);
    for (const uid of uids) expect(uid).toMatch(/^\d{6,20}$/);
    const root = (await seededMembers()).find((member) => member.email.startsWith('network-root-'));
    expect(root?.bingx_uid).toMatch(/^\d{6,20}$/);
  });

  it('keeps the user counters what the triggers would have kept', async () => {
    const { rows } = await sql<{ counted: string; members: string }>`
      SELECT (SELECT coalesce(sum(members), 0) FROM user_counts)::text AS counted,
             (SELECT count(*) FROM users WHERE deleted_at IS NULL AND NOT is_admin)::text AS members`.execute(
      t.database.db,
    );
    expect(rows[0]?.counted).toBe(rows[0]?.members);
  });

  it('distributes a cycle over seeded members, answers their stats and takes their withdrawals', async () => {
    const copiers = (await seededMembers()).filter((member) => member.bingx_uid !== null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/admin/cycles',
      headers: adminHeaders,
      payload: { cycle: 1, entries: copiers.map((member) => ({ bingXUID: member.bingx_uid, masterAmount: '100' })) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.rewardsWritten).toBeGreaterThan(0);

    const root = (await seededMembers()).find((member) => member.email.startsWith('network-root-')) as UserRow;
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/stats/${root.id}`,
      headers: sessionHeaders(t.app, root),
    });
    expect(stats.statusCode).toBe(200);
    // Seeded members have no exchange balance on record: not compliant, so their rewards are locked.
    expect(stats.json().data.lockedRewards).toBeGreaterThan(0);

    await creditReward(t.database.db, { beneficiary: root, source: root, amount: '5', type: 'DIRECT' });
    await requestedWithdrawal(t, root, 1);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('the ledger check reports a member a bulk load left without an account', async () => {
    const orphan = await t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      return trx
        .insertInto('users')
        .values({
          first_name: 'Bulk',
          last_name: 'Loaded',
          email: 'bulk-loaded@example.test',
          password_hash: 'not-a-hash',
          referral_code: 'BULKLOAD',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([
      { userId: orphan.id, column: 'ledger_account', account: 'missing', entries: '0' },
    ]);
    await t.database.db.insertInto('ledger_accounts').values({ user_id: orphan.id }).execute();
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });
});
