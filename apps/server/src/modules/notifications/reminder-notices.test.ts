import { type UnmatchedTransferReason, unmatchedTransferReasonTexts } from '@uplink/contract/payout-batches';
import { formatExactAmount } from '@uplink/contract/reward-figures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import {
  bearer,
  composeRequestedMail,
  createMember,
  fundedMember,
  mailTo,
  requestedWithdrawal,
  sessionHeaders,
  signIn,
  strongPassword,
} from '../../testing/builders';
import { chooseNotices } from '../../testing/notification-choices';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { escapeHtml } from '../mail/html';
import { mailMoment } from '../mail/mail-layout';
import { writeDueNotices } from './notice-jobs';
import { noticeAmountSql, noticeMomentSql } from './notice-outbox-repository';
import { listUnsubscribeHeaders } from './notice-unsubscribe';

const dayMs = 86_400_000;
const everyNoticeOff = { rewardLocked: false, forfeitWarning: false, cycleSummary: false, subscriptionEnding: false };

const eventsOf = async (t: TestApp, member: UserRow) =>
  (await mailTo(t.database.db, member.email))
    .map((mail) => mail.event_key?.split(':')[0])
    .filter((event) => event !== undefined)
    .reverse();

describe('subscription reminders 14 and 3 days before the end', () => {
  let t: TestApp;
  const endsAt = new Date('2031-03-01T09:30:00Z');
  const at = (daysBefore: number) => new Date(endsAt.getTime() - daysBefore * dayMs);
  let member: UserRow;
  let unsubscribed: UserRow;
  const runTwiceAtOnce = () => Promise.all([writeDueNotices(t.app.context), writeDueNotices(t.app.context)]);

  beforeAll(async () => {
    t = await createTestApp();
    const paid = { subscription_paid_at: at(365), subscription_period_ends_at: endsAt, subscription_amount: '10' };
    member = await createMember(t.database.db, { columns: paid });
    unsubscribed = await createMember(t.database.db, { columns: paid });
    await chooseNotices(t, unsubscribed, { subscriptionEnding: false });
  }, 180_000);
  afterAll(() => t?.close());

  it('mails nothing earlier than 14 days before', async () => {
    t.clock.set(new Date(at(14).getTime() - 60_000));
    await runTwiceAtOnce();
    expect(await eventsOf(t, member)).toEqual([]);
  });

  it('mails the 14-day reminder once, with the end as a date and the unsubscribe headers', async () => {
    t.clock.set(at(14));
    await runTwiceAtOnce();
    t.clock.set(at(10));
    await runTwiceAtOnce();
    expect(await eventsOf(t, member)).toEqual(['subscription-ending-14']);
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail?.subject).toBe('Your Uplink subscription ends on 2031-03-01 09:30 UTC');
    expect(mail?.html).toContain('Your Uplink subscription ends at 2031-03-01 09:30 UTC.');
    expect(mail?.headers).toEqual(listUnsubscribeHeaders(t.config, member.id, 'subscriptionEnding'));
  });

  it('mails the 3-day reminder once, and nothing after the end', async () => {
    for (const daysBefore of [3, 2.5, 1, -1]) {
      t.clock.set(at(daysBefore));
      await runTwiceAtOnce();
    }
    expect(await eventsOf(t, member)).toEqual(['subscription-ending-14', 'subscription-ending-3']);
  });

  it('mails nothing to a member who turned the reminders off', async () => {
    expect(await eventsOf(t, unsubscribed)).toEqual([]);
  });
});

describe('password changed (essential) and the administrators’ digest', () => {
  const t = testAppForFile();

  it('mails "password changed" after a change and after a reset, without unsubscribe headers, even with every notice off', async () => {
    const member = await createMember(t.database.db);
    const token = await signIn(t.app, member.email);
    await chooseNotices(t, member, everyNoticeOff);
    const newPassword = 'Fresh!Start77';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(token),
      payload: { currentPassword: strongPassword, newPassword, confirmPassword: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail).toMatchObject({ subject: 'Your Uplink password was changed', headers: {} });
    expect(mail?.text).toContain(`was changed at ${mailMoment(t.clock.now()).slice(0, 11)}`);
    expect(mail?.html).not.toContain('unsubscribe');
  });

  it('sends each administrator one digest a day of the new pending withdrawals, and none when nothing is new', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true, firstName: 'Root' });
    const day = new Date(); // members' subscriptions run from the real now (fundedMember)
    t.clock.set(day);
    await writeDueNotices(t.app.context); // the first digest takes whatever waits so far
    const firstDigests = (await mailTo(t.database.db, admin.email)).length;

    t.clock.set(new Date(day.getTime() + 2 * 3_600_000));
    const member = await fundedMember(t.database.db, '500');
    await requestedWithdrawal(t, member, 120);
    await requestedWithdrawal(t, member, 30.5);
    await writeDueNotices(t.app.context); // within the day: no digest yet
    expect(await mailTo(t.database.db, admin.email)).toHaveLength(firstDigests);

    t.clock.set(new Date(day.getTime() + dayMs));
    await Promise.all([writeDueNotices(t.app.context), writeDueNotices(t.app.context)]);
    const [digest] = await mailTo(t.database.db, admin.email);
    expect(await mailTo(t.database.db, admin.email)).toHaveLength(firstDigests + 1);
    expect(digest?.subject).toBe('Uplink daily digest: 2 new pending withdrawals, 0 unmatched transfers');
    expect(digest?.text).toContain('2 withdrawal requests waiting for a decision, 150.50 USDT in all');
    expect(digest?.headers).toEqual({});

    t.clock.set(new Date(day.getTime() + 2 * dayMs));
    await writeDueNotices(t.app.context);
    expect(await mailTo(t.database.db, admin.email)).toHaveLength(firstDigests + 1);
  });
});

describe('essential mail carries no unsubscribe header and no unsubscribe link', () => {
  const t = testAppForFile();

  it('verification, reset, withdrawal code and decision: no List-Unsubscribe, even with every notice off', async () => {
    const member = await fundedMember(t.database.db, '500');
    const unverified = await createMember(t.database.db, { verified: false });
    const admin = await createMember(t.database.db, { isAdmin: true });
    for (const who of [member, unverified]) await chooseNotices(t, who, everyNoticeOff);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: member.email } });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-verification-email',
      payload: { email: unverified.email },
    });
    await composeRequestedMail(t);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/request',
      headers: sessionHeaders(t.app, member),
    });
    expect(code.statusCode).toBe(200);
    const withdrawal = await requestedWithdrawal(t, member, 20);
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${withdrawal}`,
      headers: sessionHeaders(t.app, admin),
      payload: { status: 'REJECTED', reason: 'Wrong network' },
    });
    expect(decided.statusCode).toBe(200);

    const mails = [...(await mailTo(t.database.db, member.email)), ...(await mailTo(t.database.db, unverified.email))];
    const kinds = mails.map((mail) => mail.subject.replace(/\d{6}$/, '<code>')).sort();
    expect(kinds).toEqual([
      'Reset your Uplink password',
      'Verify your Uplink email address',
      'Your Uplink withdrawal code: <code>',
      expect.stringMatching(/^Your Uplink withdrawal (?!code)/),
    ]);
    for (const mail of mails) {
      expect(mail.headers, mail.subject).toEqual({});
      expect(mail.text, mail.subject).not.toContain('/unsubscribe');
    }
  });
});

describe('the administrators’ digest names the unmatched treasury transfers', () => {
  const t = testAppForFile();

  const hour = 3_600_000;
  const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
  /** An unmatched transfer as reconciliation stores it, read at `seenAt`. */
  const transfer = (n: number, seenAt: Date, amount: string, reason: UnmatchedTransferReason) =>
    t.database.db
      .insertInto('treasury_transfers')
      .values({
        transaction_hash: hashOf(n),
        log_index: 0,
        block_number: 1000 + n,
        block_hash: hashOf(10_000 + n),
        from_address: '0x1111111111111111111111111111111111111111',
        to_address: '0x2222222222222222222222222222222222222222',
        raw_amount: `${amount.replace('.', '')}${'0'.repeat(18 - (amount.split('.')[1]?.length ?? 0))}`,
        amount,
        seen_at: seenAt,
        withdrawal_id: null,
        unmatched_reason: reason,
      })
      .execute();

  it('counts those seen since the previous digest and lists the newest five (hash, amount, reason)', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true, firstName: 'Root' });
    const day = new Date('2031-05-04T06:00:00Z');
    await transfer(1, new Date(day.getTime() - hour), '99', 'WITHDRAWAL_CLOSED');
    t.clock.set(day);
    await writeDueNotices(t.app.context);
    const [first] = await mailTo(t.database.db, admin.email);
    expect(first?.subject).toBe('Uplink daily digest: 0 new pending withdrawals, 1 unmatched transfers');
    expect(first?.text).toContain(
      `Treasury transfers that matched no withdrawal, seen since the previous digest: 1. Newest: ${hashOf(1)}, 99.00 USDT, ${unmatchedTransferReasonTexts.WITHDRAWAL_CLOSED}.`,
    );

    const reasons = ['NO_PENDING_WITHDRAWAL', 'WITHDRAWAL_ALREADY_PAID'] as const;
    for (let n = 2; n <= 8; n += 1) {
      await transfer(n, new Date(day.getTime() + n * hour), `${n}.125`, reasons[n % 2] as UnmatchedTransferReason);
    }
    t.clock.set(new Date(day.getTime() + 12 * hour)); // within the day: no digest yet
    await writeDueNotices(t.app.context);
    expect(await mailTo(t.database.db, admin.email)).toHaveLength(1);

    t.clock.set(new Date(day.getTime() + dayMs));
    await Promise.all([writeDueNotices(t.app.context), writeDueNotices(t.app.context)]);
    const [digest, ...earlier] = await mailTo(t.database.db, admin.email);
    expect(earlier).toHaveLength(1);
    expect(digest?.subject).toBe('Uplink daily digest: 0 new pending withdrawals, 7 unmatched transfers');
    const listed = [8, 7, 6, 5, 4]
      .map(
        (n) =>
          `${hashOf(n)}, ${n}.125 USDT, ${unmatchedTransferReasonTexts[reasons[n % 2] as UnmatchedTransferReason]}`,
      )
      .join('; ');
    const paragraph = `Treasury transfers that matched no withdrawal, seen since the previous digest: 7. Newest: ${listed}. And 2 more.`;
    expect(digest?.text).toContain(paragraph);
    expect(digest?.html).toContain(escapeHtml(paragraph));
    expect(digest?.text).not.toContain(hashOf(1));
    expect(digest?.headers).toEqual({});
  });
});

describe('the notices’ SQL twins', () => {
  const t = testAppForFile();

  it('escapes HTML as escapeHtml does and writes moments as mailMoment does', async () => {
    const text = `<a href="x">Tom & 'Jerry'</a>`;
    const moment = new Date('2030-02-03T04:05:59.999Z');
    const { rows } = await sql<{ html: string; moment: string }>`
      SELECT html_text(${text}) AS html, ${noticeMomentSql(sql`${moment}::timestamptz`)} AS moment`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ html: escapeHtml(text), moment: mailMoment(moment) });
  });

  it('writes amounts as the screens write exact amounts (formatExactAmount)', async () => {
    const amounts = ['0', '0.1', '15', '0.0047', '36.6047', '1234.5', '1234567.12345678', '0.00000001'];
    const { rows } = await sql<{ written: string[] }>`
      SELECT array_agg(${noticeAmountSql(sql`a.amount`)} ORDER BY a.n) AS written
        FROM unnest(${amounts}::numeric[]) WITH ORDINALITY AS a(amount, n)`.execute(t.database.db);
    expect(rows[0]?.written).toEqual(amounts.map((amount) => formatExactAmount(amount)));
  });
});
