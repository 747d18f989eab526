import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import { batchOf, decide, seedPendingWithdrawals, someHash } from '../../testing/payout-builders';

describe('an administrator follows the payout batches and their lines', () => {
  const { t, admin: administrator } = adminTestAppForFile({
    config: payoutsUnverified(),
    administrator: { firstName: 'Grace' },
  });

  const get = (url: string, caller = administrator) =>
    t.app.inject({ method: 'GET', url, headers: sessionHeaders(t.app, caller) });
  const detail = async (batchId: string, query = '') => {
    const answer = await get(`/api/withdrawals/admin/batches/${batchId}${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data;
  };

  it('goes OPEN → PARTLY_PAID → PAID as its withdrawals are approved; a rejected one leaves it', async () => {
    const member = await createMember(t.database.db, { firstName: 'Ada' });
    const ids = await seedPendingWithdrawals(t.database.db, member, ['10', '20.5', '30', '0.01']);
    const [first, second, third, fourth] = ids as [string, string, string, string];
    const batchId = await batchOf(t.app, administrator, ids);
    const opened = await detail(batchId);
    // No treasury Safe configured: nothing to propose to, its files are downloaded.
    expect(opened.safe).toBeNull();
    expect(opened.batch).toMatchObject({
      status: 'OPEN',
      count: 4,
      paid: 0,
      total: 60.51,
      paidAmount: 0,
    });

    const hash = someHash();
    expect((await decide(t.app, administrator, second, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(
      200,
    );
    const partly = await detail(batchId);
    expect(partly.batch).toMatchObject({ status: 'PARTLY_PAID', count: 4, paid: 1, total: 60.51, paidAmount: 20.5 });
    expect(partly.lines.map((line: { line: number; status: string }) => [line.line, line.status])).toEqual([
      [1, 'PENDING'],
      [2, 'APPROVED'],
      [3, 'PENDING'],
      [4, 'PENDING'],
    ]);
    expect(partly.lines[1]).toMatchObject({
      withdrawalId: second,
      user: { _id: member.id, firstName: 'Ada', email: member.email, userId: member.user_id },
      amount: 20.5,
      transactionHash: hash,
      logIndex: null,
    });
    expect(partly.lines[1].walletAddress).toMatch(/^0x[0-9a-f]{40}$/);

    expect(
      (await decide(t.app, administrator, third, { status: 'REJECTED', reason: 'Sanctioned wallet' })).statusCode,
    ).toBe(200);
    expect(
      (await decide(t.app, administrator, fourth, { status: 'BLOCKED_COMPLIANCE', reason: 'KYC' })).statusCode,
    ).toBe(200);
    const left = await detail(batchId);
    expect(left.batch).toMatchObject({ status: 'PARTLY_PAID', count: 2, paid: 1, total: 30.5 });
    expect(left.lines.map((line: { withdrawalId: string }) => line.withdrawalId)).toEqual([first, second]);
    const lines = await t.database.db
      .selectFrom('payout_batch_withdrawals')
      .select(['withdrawal_id', 'left_at'])
      .where('batch_id', '=', batchId)
      .where('left_at', 'is not', null)
      .execute();
    expect(lines.map((line) => line.withdrawal_id).sort()).toEqual([third, fourth].sort());

    expect(
      (await decide(t.app, administrator, first, { status: 'APPROVED', transactionHash: someHash() })).statusCode,
    ).toBe(200);
    expect((await detail(batchId)).batch).toMatchObject({
      status: 'PAID',
      count: 2,
      paid: 2,
      total: 30.5,
      paidAmount: 30.5,
    });
  });

  it('lets a withdrawal that left a batch be decided only once, and keeps it out of new batches', async () => {
    const member = await createMember(t.database.db);
    const [rejected] = await seedPendingWithdrawals(t.database.db, member, ['4']);
    await batchOf(t.app, administrator, [rejected as string]);
    await decide(t.app, administrator, rejected as string, { status: 'REJECTED', reason: 'Duplicate' });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/admin/batches',
      headers: sessionHeaders(t.app, administrator),
      payload: { withdrawalIds: [rejected] },
    });
    expect(answer.json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
  });

  it('pages the lines in their order and the batches newest first', async () => {
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['1', '2', '3', '4', '5']);
    t.clock.set(new Date('2030-01-20T10:00:00Z'));
    const older = await batchOf(t.app, administrator, ids.slice(0, 2));
    t.clock.set(new Date('2030-01-21T10:00:00Z'));
    const newer = await batchOf(t.app, administrator, ids.slice(2));

    const page = await detail(newer, '?page=2&limit=2');
    expect(page.lines.map((line: { line: number; withdrawalId: string }) => [line.line, line.withdrawalId])).toEqual([
      [3, ids[4]],
    ]);
    expect(page.pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalRecords: 3, resultsCount: 1 });

    const list = await get('/api/withdrawals/admin/batches?limit=2');
    expect(list.statusCode).toBe(200);
    const { batches, pagination } = list.json().data;
    expect(batches.map((batch: { _id: string }) => batch._id)).toEqual([newer, older]);
    expect(batches[0]).toMatchObject({
      status: 'OPEN',
      count: 3,
      total: 12,
      createdAt: '2030-01-21T10:00:00.000Z',
      createdBy: { _id: administrator.id, name: 'Grace Lovelace', email: administrator.email },
    });
    expect(pagination.totalRecords).toBeGreaterThanOrEqual(4);
  });

  it('answers an unknown batch with PAYOUT_BATCH_NOT_FOUND and a member with 403', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const answer = await get(`/api/withdrawals/admin/batches/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    }
    const member = await createMember(t.database.db);
    expect((await get('/api/withdrawals/admin/batches', member)).statusCode).toBe(403);
  });
});
