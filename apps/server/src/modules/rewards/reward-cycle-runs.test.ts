import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { addMember, createMember, linkedMemberColumns, sessionHeaders, uniqueUid } from '../../testing/builders';
import { emptyPagination, fullFirstPage } from '../../testing/pagination';
import { cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';

describe('administrators read the runs of the reward cycles', () => {
  const { t, admin, adminHeaders } = adminTestAppForFile();
  let finished: number;

  beforeAll(() => {
    finished = lastFinishedCycle(t.config.rewards, t.clock.now());
  });

  const runs = (query: Record<string, string> = {}, headers = adminHeaders) =>
    t.app.inject({ method: 'GET', url: '/api/rewards/admin/cycles', query, headers });

  /** Runs `cycle` from a statement where a copier below a linked sponsor paid the master `amount`. */
  async function run(cycle: number, amount: number) {
    const sponsor = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const copier = await addMember(t.database.db, sponsor, linkedMemberColumns(uniqueUid()));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/admin/cycles',
      headers: adminHeaders,
      payload: {
        cycle,
        entries: [
          { bingXUID: sponsor.bingx_uid, masterAmount: 0 },
          { bingXUID: copier.bingx_uid, masterAmount: amount },
          { bingXUID: '99999999999901', masterAmount: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  const window = (cycle: number) => {
    const { startsAt, endsAt } = cycleWindow(t.config.rewards, cycle);
    return { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  };

  it('lists no run before the first, and the last finished cycle as not distributed', async () => {
    const response = await runs();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      runs: [],
      pagination: emptyPagination(),
      lastFinishedCycle: { cycle: finished, ...window(finished), distributed: false },
      nextCycle: 1,
    });
  });

  it('lists each run as it was answered, newest first, and the last finished cycle as distributed', async () => {
    const latest = await run(finished, 100);
    const data = (await runs()).json().data;
    expect(data.runs).toEqual([latest]);
    expect(data.runs[0]).toMatchObject({
      cycle: finished,
      outcome: 'DISTRIBUTED',
      source: 'UPLOAD',
      startedBy: admin.id,
      inputCount: 3,
      matchedCount: 2,
      unknownUids: ['99999999999901'],
      unknownCount: 1,
      rewardsWritten: 1,
      totalPaid: 5,
      ...window(finished),
    });
    expect(data.lastFinishedCycle).toEqual({ cycle: finished, ...window(finished), distributed: true });
    // The next to run follows the newest distributed cycle, even before it has ended.
    expect(data.nextCycle).toBe(finished + 1);

    const earlier = await run(finished - 1, 40);
    const again = await run(finished, 100);
    expect(again.outcome).toBe('ALREADY_DISTRIBUTED');
    const all = (await runs()).json().data;
    expect(all.runs).toEqual([again, earlier, latest]);
    expect(all.pagination).toMatchObject({ totalRecords: 3, totalPages: 1, resultsCount: 3 });
  });

  it('pages through the runs', async () => {
    const all = (await runs()).json().data.runs.map((entry: { _id: string }) => entry._id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = (await runs({ limit: '2' })).json().data;
    expect(first.runs.map((entry: { _id: string }) => entry._id)).toEqual(all.slice(0, 2));
    expect(first.pagination).toEqual(fullFirstPage(all.length, 2));
    const second = (await runs({ limit: '2', page: '2' })).json().data;
    expect(second.runs.map((entry: { _id: string }) => entry._id)).toEqual(all.slice(2, 4));
    expect(second.pagination).toMatchObject({ currentPage: 2, hasPrevPage: true });
  });

  it.each([
    ['a limit of 0', { limit: '0' }],
    ['a limit of 101', { limit: '101' }],
    ['a page that is not a number', { page: 'last' }],
  ])('answers VALIDATION_ERROR to %s', async (_name, query) => {
    const response = await runs(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    const member = await createMember(t.database.db);
    const asMember = await runs({}, sessionHeaders(t.app, member));
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().errorCode).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/api/rewards/admin/cycles' })).statusCode).toBe(401);
  });
});
