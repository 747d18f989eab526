import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember, mailTo, sessionHeaders } from '../../testing/builders';
import { distributeStatement, inviteeAt } from '../../testing/invitation-builders';
import { chooseNotices } from '../../testing/notification-choices';
import { listUnsubscribeHeaders } from '../notifications/notice-unsubscribe';

describe('a member reminds someone they invited of their next step', () => {
  const t = testAppForFile();

  const remind = (sponsor: UserRow, inviteeId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/referrals/invitees/${inviteeId}/remind`,
      headers: sessionHeaders(t.app, sponsor),
    });
  const remindersOf = async (inviteeId: string) =>
    t.database.db.selectFrom('invitation_reminders').selectAll().where('invitee_id', '=', inviteeId).execute();

  it('mails the invitee their next step from the notices outbox, with the unsubscribe link, and audits it', async () => {
    const sponsor = await createMember(t.database.db, { firstName: 'Maya' });
    const invitee = await inviteeAt(t.database.db, sponsor, 'PARTLY_PAID', { first_name: 'Theo' });
    const sentAt = new Date('2026-12-01T09:00:00.000Z');
    t.clock.set(sentAt);

    const answer = await remind(sponsor, invitee.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      inviteeId: invitee.id,
      sentAt: sentAt.toISOString(),
      nextStep: 'pay the rest of the subscription',
      remindableAt: '2026-12-04T09:00:00.000Z',
    });
    const [mail, ...others] = await mailTo(t.database.db, invitee.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Maya reminds you: pay the rest of the subscription on Uplink');
    expect(mail?.text).toContain('Hello Theo,');
    expect(mail?.text).toContain('Where you stand: 6.00 of 10.00 USDT still due.');
    expect(mail?.text).toContain('http://uplink.test/onboarding');
    expect(mail?.text).toMatch(/http:\/\/uplink\.test\/unsubscribe\?m=[0-9a-f-]+&k=invitationReminder&s=[0-9a-f]{64}/);
    expect(mail?.headers).toEqual(listUnsubscribeHeaders(t.config, invitee.id, 'invitationReminder'));
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', invitee.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: sponsor.id, action: 'INVITATION_REMINDER_SENT', ip_address: null });

    // The list says when the next reminder may go.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/invitees',
      headers: sessionHeaders(t.app, sponsor),
    });
    expect(list.json().data.invitees[0]).toMatchObject({ remindableAt: '2026-12-04T09:00:00.000Z' });
  });

  it('refuses a second reminder to the same invitee within 72 hours, saying when it is allowed again', async () => {
    const sponsor = await createMember(t.database.db);
    const invitee = await inviteeAt(t.database.db, sponsor, 'REGISTERED');
    t.clock.set(new Date('2026-12-01T09:00:00.000Z'));
    expect((await remind(sponsor, invitee.id)).statusCode).toBe(200);

    t.clock.set(new Date('2026-12-04T08:59:00.000Z'));
    const early = await remind(sponsor, invitee.id);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      errorCode: 'REMINDER_TOO_SOON',
      data: { allowedAt: '2026-12-04T09:00:00.000Z', limit: 'INVITEE' },
    });
    expect(early.json().message).toContain('2026-12-04 09:00 UTC');
    expect(early.headers['retry-after']).toBe('60');
    expect(await remindersOf(invitee.id)).toHaveLength(1);

    t.clock.set(new Date('2026-12-04T09:00:00.000Z'));
    expect((await remind(sponsor, invitee.id)).statusCode).toBe(200);
    expect(await mailTo(t.database.db, invitee.email)).toHaveLength(2);
  });

  it('holds a member to 20 reminders in 24 hours', async () => {
    const sponsor = await createMember(t.database.db);
    const invitees = await Promise.all(
      Array.from({ length: 21 }, () => inviteeAt(t.database.db, sponsor, 'EMAIL_VERIFIED')),
    );
    const start = new Date('2026-12-10T00:00:00.000Z');
    for (const [index, invitee] of invitees.slice(0, 20).entries()) {
      t.clock.set(new Date(start.getTime() + index * 60_000));
      expect((await remind(sponsor, invitee.id)).statusCode).toBe(200);
    }
    const twentyFirst = invitees[20] as UserRow;
    const refused = await remind(sponsor, twentyFirst.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data).toEqual({ allowedAt: '2026-12-11T00:00:00.000Z', limit: 'DAILY' });
    t.clock.set(new Date('2026-12-11T00:00:00.000Z'));
    expect((await remind(sponsor, twentyFirst.id)).statusCode).toBe(200);
  });

  it('never reminds an invitee who turned the reminders off, and says so', async () => {
    const sponsor = await createMember(t.database.db);
    const invitee = await inviteeAt(t.database.db, sponsor, 'SUBSCRIPTION_PAID');
    await chooseNotices(t, invitee, { invitationReminder: false });
    const answer = await remind(sponsor, invitee.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ errorCode: 'INVITEE_UNSUBSCRIBED' });
    expect(await mailTo(t.database.db, invitee.email)).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/invitees',
      headers: sessionHeaders(t.app, sponsor),
    });
    expect(list.json().data.invitees[0]).toMatchObject({
      remindableAt: null,
      reminderWithheld: 'They turned invitation reminders off',
    });
  });

  it("answers 404 for another member's invitee, a deeper member and an id that is no one", async () => {
    const sponsor = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    const theirs = await inviteeAt(t.database.db, other, 'REGISTERED');
    const direct = await inviteeAt(t.database.db, sponsor, 'SUBSCRIPTION_PAID');
    const deeper = await inviteeAt(t.database.db, direct, 'REGISTERED');
    for (const id of [theirs.id, deeper.id, sponsor.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1'--"]) {
      const answer = await remind(sponsor, encodeURIComponent(id));
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().errorCode).toBe('INVITEE_NOT_FOUND');
    }
    expect(await remindersOf(theirs.id)).toEqual([]);
  });

  it('has nothing to remind an earning invitee of, nor one whose account is not active', async () => {
    const sponsor = await createMember(t.database.db);
    const earning = await inviteeAt(t.database.db, sponsor, 'EARNING');
    await distributeStatement(t.database.db, 52, [earning]);
    const locked = await inviteeAt(t.database.db, sponsor, 'REGISTERED', { status: 'LOCKED' });
    for (const invitee of [earning, locked]) {
      const answer = await remind(sponsor, invitee.id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errorCode).toBe('REMINDER_NOT_NEEDED');
    }
  });

  it('sends one reminder when the same one is asked for many times at once', async () => {
    const sponsor = await createMember(t.database.db);
    const invitee = await inviteeAt(t.database.db, sponsor, 'REGISTERED');
    t.clock.set(new Date('2026-12-20T00:00:00.000Z'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => remind(sponsor, invitee.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await remindersOf(invitee.id)).toHaveLength(1);
    expect(await mailTo(t.database.db, invitee.email)).toHaveLength(1);
  });
});
