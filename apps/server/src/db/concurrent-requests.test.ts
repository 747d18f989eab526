import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeHolderRow, UserRow } from '../db/schema';
import { createMember, registrationBody, strongPassword, uniqueEmail } from '../testing/builders';
import { hangDeadlineMs, settlesBeforeHang } from '../testing/hang-deadline';
import { createTestApp, type TestApp } from '../testing/test-app';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes of several routes are read in one place
  body: any;
}

interface Call {
  what: string;
  send: () => Promise<Answer>;
  /** What the answer must be for this request, and no other: a message when it is not. */
  problemWith: (answer: Answer) => string | undefined;
}

const members = 40;

/**
 * Members use the app at the same moment: more than 200 requests over HTTP at once, mixing
 * registrations (fresh and duplicate e-mails), sign-ins, profile reads and referral-history
 * reads of different members. Every answer must belong to its own request, and every request
 * must get one. On the embedded database this failed while several connections shared PGlite's
 * single session (electric-sql/pglite#1046): answers carried other requests' rows, statements
 * broke (`portal "" does not exist`) and requests hung.
 */
describe('members use the app at the same moment', () => {
  let t: TestApp;
  let baseUrl: string;
  let sponsor: CodeHolderRow;
  const existing: { member: UserRow; token: string; referralIds: string[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { db } = t.database;
    sponsor = await createMember(db);
    for (let index = 0; index < members; index += 1) {
      const member = await createMember(db, { sponsorId: sponsor.id, firstName: `Member${index}` });
      // A downline of its own size per member, so one member's history cannot pass for another's.
      const referralIds: string[] = [];
      for (let referral = 0; referral < (index % 4) + 1; referral += 1) {
        referralIds.push((await createMember(db, { sponsorId: member.id })).id);
      }
      existing.push({ member, token: t.app.context.sessionTokens.sign(member.id), referralIds });
    }
  }, 300_000);
  afterAll(() => t?.close());

  async function send(method: 'GET' | 'POST', path: string, options: { token?: string; body?: object } = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  }

  const expectStatus = (answer: Answer, status: number, errorCode?: string) =>
    answer.status === status && (errorCode === undefined || answer.body.errorCode === errorCode)
      ? undefined
      : `expected ${status} ${errorCode ?? ''}, got ${answer.status} ${JSON.stringify(answer.body)}`;

  it(
    'answers every request, each with its own data',
    async () => {
      const calls: Call[] = [];
      const freshEmails: string[] = [];
      const racedEmails: string[] = [];

      for (let index = 0; index < 50; index += 1) {
        const body = registrationBody(sponsor.referral_code, { email: uniqueEmail(`fresh${index}`) });
        freshEmails.push(body.email);
        calls.push({
          what: `register ${body.email}`,
          send: () => send('POST', '/api/users/register', { body }),
          problemWith: (answer) =>
            expectStatus(answer, 201) ??
            (answer.body.data.email === body.email ? undefined : `answered for ${answer.body.data.email}`),
        });
      }
      for (const [index, { member }] of existing.slice(0, 25).entries()) {
        const body = registrationBody(sponsor.referral_code, { email: member.email, firstName: `Again${index}` });
        calls.push({
          what: `register existing ${member.email}`,
          send: () => send('POST', '/api/users/register', { body }),
          problemWith: (answer) => expectStatus(answer, 409, 'USER_EXISTS'),
        });
      }
      // The same new e-mail registered twice at once: exactly one of the pair wins (checked below).
      const raced: Call[] = [];
      for (let index = 0; index < 10; index += 1) {
        const email = uniqueEmail(`raced${index}`);
        racedEmails.push(email);
        for (const firstName of ['First', 'Second']) {
          raced.push({
            what: `register raced ${email} (${firstName})`,
            send: () =>
              send('POST', '/api/users/register', {
                body: registrationBody(sponsor.referral_code, { email, firstName }),
              }),
            problemWith: (answer) =>
              answer.status === 201 && answer.body.data.email === email
                ? undefined
                : expectStatus(answer, 409, 'USER_EXISTS'),
          });
        }
      }
      calls.push(...raced);
      for (const { member } of existing) {
        calls.push({
          what: `sign in ${member.email}`,
          send: () => send('POST', '/api/users/login', { body: { email: member.email, password: strongPassword } }),
          problemWith: (answer) => {
            const status = expectStatus(answer, 200);
            if (status) return status;
            if (answer.body.data.email !== member.email) return `signed in as ${answer.body.data.email}`;
            const subject = JSON.parse(Buffer.from(answer.body.data.token.split('.')[1], 'base64url').toString()).sub;
            return subject === member.id ? undefined : `token of ${subject}, not ${member.id}`;
          },
        });
      }
      for (const { member } of existing.slice(members - 10)) {
        calls.push({
          what: `sign in ${member.email} with a wrong password`,
          send: () => send('POST', '/api/users/login', { body: { email: member.email, password: 'Wrong!Pass123' } }),
          problemWith: (answer) => expectStatus(answer, 401, 'UNAUTHORIZED'),
        });
      }
      for (const { member, token } of existing) {
        calls.push({
          what: `profile of ${member.email}`,
          send: () => send('GET', '/api/users/profile', { token }),
          problemWith: (answer) =>
            expectStatus(answer, 200) ??
            (answer.body.data.email === member.email && answer.body.data._id === member.id
              ? undefined
              : `answered the profile of ${answer.body.data.email}`),
        });
      }
      for (const { member, token, referralIds } of existing) {
        calls.push({
          what: `referral history of ${member.email}`,
          send: () => send('GET', '/api/users/referrals/history?limit=100', { token }),
          problemWith: (answer) => {
            const status = expectStatus(answer, 200);
            if (status) return status;
            const answered = answer.body.data.referrals.map((referral: { _id: string }) => referral._id).sort();
            return JSON.stringify(answered) === JSON.stringify([...referralIds].sort())
              ? undefined
              : `answered the downline ${JSON.stringify(answered)}`;
          },
        });
      }
      expect(calls.length).toBeGreaterThanOrEqual(200);

      // Interleave the kinds, so every kind of request runs beside every other.
      const order = calls.map((call, index) => ({ call, key: (index * 7919) % calls.length }));
      order.sort((a, b) => a.key - b.key);
      const outcomes = await Promise.allSettled(order.map(({ call }) => settlesBeforeHang(call.send(), call.what)));
      const problems = outcomes.flatMap((outcome, index) => {
        const call = order[index]?.call as Call;
        if (outcome.status === 'rejected') return [`${call.what}: ${String(outcome.reason)}`];
        const problem = call.problemWith(outcome.value);
        return problem ? [`${call.what}: ${problem}`] : [];
      });
      expect(problems).toEqual([]);

      const answerOf = new Map(order.map(({ call }, index) => [call, outcomes[index]]));
      const winnersPerEmail = racedEmails.map(
        (email) =>
          raced.filter((call) => {
            const outcome = answerOf.get(call);
            return call.what.includes(email) && outcome?.status === 'fulfilled' && outcome.value.status === 201;
          }).length,
      );
      expect(winnersPerEmail).toEqual(racedEmails.map(() => 1));

      const { rows } = await sql<{ email: string; rows: number }>`
      SELECT lower(email) AS email, count(*)::int AS rows FROM users
       WHERE lower(email) = ANY(${[...freshEmails, ...racedEmails].map((email) => email.toLowerCase())})
       GROUP BY 1`.execute(t.database.db);
      expect(rows).toHaveLength(freshEmails.length + racedEmails.length);
      expect(rows.filter((row) => row.rows !== 1)).toEqual([]);
    },
    hangDeadlineMs + 120_000,
  );
});
