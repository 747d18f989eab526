import type { AuditAction, AuditTargetType } from '@uplink/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, sessionHeaders } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordAdminAction } from './audit-log-repository';

describe('administrators read the audit log', () => {
  let t: TestApp;
  let audra: UserRow;
  let otto: UserRow;
  let mona: UserRow;
  let adminHeaders: Record<string, string>;
  let memberHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    audra = await createMember(t.database.db, {
      isAdmin: true,
      firstName: 'Audra',
      email: 'audra.auditor@example.test',
    });
    otto = await createMember(t.database.db, { isAdmin: true, firstName: 'Otto', email: 'overseer.otto@example.test' });
    mona = await createMember(t.database.db, { firstName: 'Mona' });
    // A member who shares the search text but never acts: an actor search looks at administrators.
    await createMember(t.database.db, { firstName: 'Otto', email: 'otto.member@example.test' });
    adminHeaders = sessionHeaders(t.app, audra);
    const ned = await createMember(t.database.db, { firstName: 'Ned' });
    memberHeaders = sessionHeaders(t.app, ned);
  }, 180_000);
  afterAll(() => t?.close());

  const read = (query: Record<string, string | number> = {}, headers = adminHeaders) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers,
    });
  const entriesOf = async (query: Record<string, string | number>) => {
    const answer = await read(query);
    expect(answer.statusCode).toBe(200);
    return answer.json().data.entries as { _id: string; targetId: string }[];
  };
  const record = (
    actor: UserRow | null,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: string,
    at: string,
  ) =>
    recordAdminAction(
      t.database.db,
      { actorId: actor?.id ?? null, action, targetType, targetId, after: { at } },
      new Date(at),
    );

  it("shows a status change with the administrator, the member's name and the change", async () => {
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${mona.id}/status`,
      headers: adminHeaders,
      payload: { status: 'LOCKED' },
    });
    expect(changed.statusCode).toBe(200);

    const answer = await read({ actor: audra.id, targetId: mona.id });
    expect(answer.statusCode).toBe(200);
    const { entries, pagination } = answer.json().data;
    expect(entries).toEqual([
      {
        _id: expect.any(String),
        action: 'USER_STATUS_CHANGED',
        actor: {
          _id: audra.id,
          name: 'Audra Lovelace',
          email: 'audra.auditor@example.test',
          userId: audra.user_id,
          adminRole: 'OWNER',
        },
        targetType: 'USER',
        targetId: mona.id,
        target: { name: 'Mona Lovelace', userId: mona.user_id, adminRole: null },
        before: { status: 'ACTIVE' },
        after: { status: 'LOCKED' },
        ipAddress: '127.0.0.1',
        requestId: changed.headers['x-request-id'],
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalRecords: 1,
      limit: 20,
      hasNextPage: false,
      hasPrevPage: false,
      resultsCount: 1,
    });
  });

  describe('filters', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ids.approved = (await record(otto, 'WITHDRAWAL_APPROVED', 'WITHDRAWAL', 'w-1', '2031-01-01T10:00:00Z')).id;
      ids.cycle7 = (await record(otto, 'REWARD_CYCLE_RUN', 'REWARD_CYCLE', '7', '2031-01-02T10:00:00Z')).id;
      ids.cycle8 = (await record(null, 'REWARD_CYCLE_RUN', 'REWARD_CYCLE', '8', '2031-01-03T10:00:00Z')).id;
      ids.deleted = (await record(audra, 'USER_DELETED', 'USER', otto.id, '2031-01-04T10:00:00Z')).id;
    });

    const idsOf = (entries: { _id: string }[]) => entries.map((entry) => entry._id);

    it("by the administrator's id, newest first", async () => {
      expect(idsOf(await entriesOf({ actor: otto.id }))).toEqual([ids.cycle7, ids.approved]);
    });

    it("by a part of an administrator's name or e-mail, never a member's", async () => {
      expect(idsOf(await entriesOf({ actor: 'OTTO' }))).toEqual([ids.cycle7, ids.approved]);
      expect(idsOf(await entriesOf({ actor: 'overseer.otto@' }))).toEqual([ids.cycle7, ids.approved]);
      expect(await entriesOf({ actor: 'otto.member' })).toEqual([]);
      expect(await entriesOf({ actor: '%' })).toEqual([]);
    });

    it('by action, with the system as a null actor', async () => {
      const entries = await entriesOf({ action: 'REWARD_CYCLE_RUN' });
      expect(idsOf(entries)).toEqual([ids.cycle8, ids.cycle7]);
      expect(entries[0]).toMatchObject({ actor: null, target: null, targetType: 'REWARD_CYCLE', targetId: '8' });
    });

    it('by target type and target id, naming a member target', async () => {
      expect(idsOf(await entriesOf({ targetType: 'REWARD_CYCLE', targetId: '7' }))).toEqual([ids.cycle7]);
      expect(idsOf(await entriesOf({ targetType: 'WITHDRAWAL' }))).toEqual([ids.approved]);
      // A member's user ID, as the screens show it, finds the actions recorded on their _id.
      expect(idsOf(await entriesOf({ targetId: otto.user_id.toLowerCase() }))).toEqual([ids.deleted]);
      expect(await entriesOf({ targetId: 'UP999999999' })).toEqual([]);
      const [deleted] = await entriesOf({ targetId: otto.id });
      expect(deleted).toMatchObject({
        _id: ids.deleted,
        actor: { _id: audra.id },
        // Otto is an administrator: named with his role, whatever type the entry was recorded as.
        target: { name: 'Otto Lovelace', userId: otto.user_id, adminRole: 'OWNER' },
      });
    });

    it('naming an administrator target with their role, not as a member', async () => {
      const analyst = await createMember(t.database.db, { adminRole: 'ANALYST', firstName: 'Ada' });
      const suspended = await record(audra, 'ADMIN_SUSPENDED', 'ADMINISTRATOR', analyst.id, '2030-06-01T10:00:00Z');
      expect(await entriesOf({ targetType: 'ADMINISTRATOR', targetId: analyst.id })).toEqual([
        expect.objectContaining({
          _id: suspended.id,
          targetType: 'ADMINISTRATOR',
          target: { name: 'Ada Lovelace', userId: analyst.user_id, adminRole: 'ANALYST' },
        }),
      ]);
    });

    it('by time: whole days or moments, both bounds inclusive', async () => {
      expect(idsOf(await entriesOf({ from: '2031-01-02', to: '2031-01-03' }))).toEqual([ids.cycle8, ids.cycle7]);
      expect(idsOf(await entriesOf({ from: '2031-01-02T11:00:00+01:00', to: '2031-01-02T10:00:00.000Z' }))).toEqual([
        ids.cycle7,
      ]);
      expect(idsOf(await entriesOf({ from: '2031-01-04' }))).toEqual([ids.deleted]);
      expect(await entriesOf({ to: '2031-01-01T09:59:59Z', from: '2031-01-01' })).toEqual([]);
    });

    it('by several filters at once', async () => {
      expect(
        idsOf(await entriesOf({ actor: 'otto', action: 'REWARD_CYCLE_RUN', from: '2031-01-01', to: '2031-01-31' })),
      ).toEqual([ids.cycle7]);
    });
  });

  it('pages through the log, 20 entries by default, entries of one moment newest recorded first', async () => {
    const pagina = await createMember(t.database.db, { isAdmin: true, firstName: 'Pagina' });
    const recorded: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      // Entries 10 and 11 share a moment: the later recorded comes first.
      const minute = index === 11 ? 10 : index;
      const at = `2032-05-01T00:${String(minute).padStart(2, '0')}:00Z`;
      recorded.push((await record(pagina, 'USER_STATUS_CHANGED', 'USER', mona.id, at)).id);
    }
    const newestFirst = [...recorded].reverse();
    newestFirst.splice(13, 2, recorded[11] as string, recorded[10] as string);

    const first = (await read({ actor: pagina.id })).json().data;
    expect(first.entries.map((entry: { _id: string }) => entry._id)).toEqual(newestFirst.slice(0, 20));
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalRecords: 25,
      limit: 20,
      hasNextPage: true,
      hasPrevPage: false,
      resultsCount: 20,
    });
    const second = (await read({ actor: pagina.id, page: 2 })).json().data;
    expect(second.entries.map((entry: { _id: string }) => entry._id)).toEqual(newestFirst.slice(20));
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true, resultsCount: 5 });
    const third = (await read({ actor: pagina.id, page: 3, limit: 10 })).json().data;
    expect(third.entries.map((entry: { _id: string }) => entry._id)).toEqual(newestFirst.slice(20));
    expect(third.pagination).toMatchObject({ totalPages: 3, limit: 10, resultsCount: 5 });
    expect((await read({ actor: pagina.id, page: 4, limit: 10 })).json().data.entries).toEqual([]);
  });

  it('answers VALIDATION_ERROR for a bad page, limit, action, target type, time or time range', async () => {
    const badQueries: Record<string, string | number>[] = [
      { page: 0 },
      { limit: 0 },
      { limit: 101 },
      { limit: 'ten' },
      { action: 'USER_PROMOTED' },
      { targetType: 'user' },
      { from: 'yesterday' },
      { to: '2031-02-30' },
      { from: '2031-01-03', to: '2031-01-02' },
      { actor: 'x'.repeat(101) },
    ];
    for (const query of badQueries) {
      const answer = await read(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
    expect((await read({ from: '2031-01-03', to: '2031-01-02' })).json().message).toBe('From must be on or before To');
  });

  it('refuses members (403) and callers without a session (401)', async () => {
    const member = await read({}, memberHeaders);
    expect(member.statusCode).toBe(403);
    expect(member.json().errorCode).toBe('FORBIDDEN');
    expect((await read({}, {})).statusCode).toBe(401);
  });
});
