import type { FastifyRequest } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { bearer, createMember, signIn, strongPassword } from '../testing/builders';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { callerAccount, callerCredentials } from './caller-view';

/**
 * One call per caller view: credentials, the whole account, the profile's and the tree's, each
 * with the answer its handler gives a signed-in member (a verified member asking for another
 * verification mail is told so by the handler, which read the whole account).
 */
const callsByView = [
  { view: 'credentials', method: 'GET', url: '/api/users/referrals/history', served: 200 },
  { view: 'account', method: 'POST', url: '/api/users/send-verification-email', payload: {}, served: 400 },
  { view: 'member-profile', method: 'GET', url: '/api/users/profile', served: 200 },
  { view: 'referral-tree', method: 'GET', url: '/api/users/referral-tree', served: 200 },
] as const;

const invalidSession = {
  success: false,
  message: 'Invalid or expired token',
  data: null,
  error: 'Invalid or expired token',
  errorCode: 'UNAUTHORIZED',
};

describe('the caller view a route reads with the session check', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The verification-mail call is limited per address; these tests make more calls than that.
    t = await createTestApp({ rateLimits: { ...testConfig().rateLimits, mailPerMinute: 1_000 } });
  });
  afterAll(() => t?.close());

  const answersOf = (token: string) =>
    Promise.all(
      callsByView.map(async ({ view, served: _served, ...call }) => {
        const response = await t.app.inject({ ...call, headers: bearer(token) });
        return { view, status: response.statusCode, body: response.json() };
      }),
    );

  it('serves an active member through every view', async () => {
    const member = await createMember(t.database.db);
    const answers = await answersOf(await signIn(t.app, member.email));
    expect(answers.map(({ view, status }) => ({ view, status }))).toEqual(
      callsByView.map(({ view, served }) => ({ view, status: served })),
    );
  });

  it('refuses, through every view, the sessions opened before a password change at their next call', async () => {
    const member = await createMember(t.database.db);
    const before = await signIn(t.app, member.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(before),
      payload: { currentPassword: strongPassword, newPassword: 'Fresh!Start77', confirmPassword: 'Fresh!Start77' },
    });
    expect(changed.statusCode).toBe(200);
    for (const answer of await answersOf(before)) {
      expect(answer).toEqual({ view: answer.view, status: 401, body: invalidSession });
    }
    const after = changed.json().data.token as string;
    expect((await answersOf(after)).map((answer) => answer.status)).toEqual(callsByView.map((call) => call.served));
  });

  it('refuses, through every view, the session of a member an administrator deleted', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const member = await createMember(t.database.db);
    const token = await signIn(t.app, member.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/admin/${member.id}`,
      headers: bearer(await signIn(t.app, admin.email)),
    });
    expect(deleted.statusCode).toBe(200);
    for (const answer of await answersOf(token)) {
      expect(answer).toEqual({ view: answer.view, status: 401, body: invalidSession });
    }
  });

  it('keeps answering through every view when a migration adds a column to users while it runs', async () => {
    const member = await createMember(t.database.db);
    const token = await signIn(t.app, member.email);
    expect((await answersOf(token)).map((answer) => answer.status)).toEqual(callsByView.map((call) => call.served));
    await sql`ALTER TABLE users ADD COLUMN added_by_a_newer_release integer`.execute(t.database.db);
    try {
      const answers = await answersOf(token);
      expect(answers.map(({ view, status }) => ({ view, status }))).toEqual(
        callsByView.map(({ view, served }) => ({ view, status: served })),
      );
    } finally {
      await sql`ALTER TABLE users DROP COLUMN added_by_a_newer_release`.execute(t.database.db);
    }
  });

  it('gives each of many simultaneous callers their own row, and refuses only the locked one among them', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(t.database.db)));
    const tokens = await Promise.all(members.map((member) => signIn(t.app, member.email)));
    const locked = members[5] as (typeof members)[number];
    await t.database.db.updateTable('users').set({ status: 'LOCKED' }).where('id', '=', locked.id).execute();
    // Every profile call at once, so that their session checks share statements.
    const answers = await Promise.all(
      tokens.map((token) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })),
    );
    answers.forEach((answer, index) => {
      const member = members[index] as (typeof members)[number];
      if (member === locked) {
        expect(answer.statusCode).toBe(423);
      } else {
        expect(answer.statusCode).toBe(200);
        expect(answer.json().data).toMatchObject({ _id: member.id, email: member.email });
      }
    });
  });

  it('reads the callers whose checks start in the same turn with one statement, and later ones with another', async () => {
    const statements: string[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: t.database.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.database.db)));
    const sameTurn = await Promise.all(members.map((member) => callerCredentials.read(logged, member.id)));
    expect(sameTurn.map((row) => row?.id)).toEqual(members.map((member) => member.id));
    expect(statements).toHaveLength(1);
    expect(await callerCredentials.read(logged, members[0]?.id as string)).toMatchObject({ id: members[0]?.id });
    expect(statements).toHaveLength(2);
    expect(await callerCredentials.read(logged, 'not-a-uuid')).toBeUndefined();
    expect(statements).toHaveLength(2);
  });

  it('makes the callers who arrive while a statement is on its way wait for it, then reads them together', async () => {
    const statements: unknown[][] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: t.database.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push([...event.query.parameters]);
      },
    });
    const [first, second, third] = await Promise.all(Array.from({ length: 3 }, () => createMember(t.database.db)));
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    // A lock on users holds the first statement on its way for as long as this test needs.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = t.database.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await released;
    });
    await lockTaken;
    const reads = [callerCredentials.read(logged, first?.id as string)];
    await nextTurn();
    reads.push(callerCredentials.read(logged, second?.id as string));
    await nextTurn();
    reads.push(callerCredentials.read(logged, third?.id as string));
    await nextTurn();
    release();
    await holding;
    expect((await Promise.all(reads)).map((row) => row?.id)).toEqual([first?.id, second?.id, third?.id]);
    expect(statements).toEqual([[[first?.id]], [[second?.id, third?.id]]]);
  });

  it('refuses to hand a route a view it did not declare', () => {
    const request = { callerView: callerCredentials, routeOptions: { url: '/api/example' } } as FastifyRequest;
    expect(() => callerAccount.of(request)).toThrow('/api/example does not declare caller view account');
  });
});
