import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailRow, UserRow } from '../../db/schema';
import {
  addMember,
  bearer,
  creditReward,
  linkedMemberColumns,
  mailTo,
  sessionHeaders,
  uniqueUid,
} from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { ExchangeGateway, InviteeCheck } from '../exchange/exchange-gateway';
import { cycleWindow } from '../rewards/reward-cycle-calendar';
import { runRewardCycle } from '../rewards/run-reward-cycle';
import { settleLockedRewards } from '../rewards/settle-locked-rewards';
import { writeDueNotices } from './notice-jobs';
import { listUnsubscribeHeaders, unsubscribePageUrl } from './notice-unsubscribe';

const dayMs = 86_400_000;

/** An exchange whose balances the test sets; every UID of `copying` is in every statement. */
class ScriptedExchange implements ExchangeGateway {
  readonly kind = 'sandbox' as const;
  readonly balances = new Map<string, string>();
  readonly copying = new Map<string, string>();
  async checkInvitee(uid: string): Promise<InviteeCheck> {
    return { invited: true, kycComplete: true, balanceUsdt: this.balances.get(uid) ?? '250' };
  }
  async copyTradingStatement() {
    return [...this.copying].map(([uid, masterAmount]) => ({ uid, masterAmount }));
  }
}

/** The notices of one member, by event (the key without its event id), oldest first. */
const noticesOf = async (t: TestApp, member: UserRow) =>
  (await mailTo(t.database.db, member.email))
    .filter((mail) => mail.event_key !== null)
    .map((mail) => ({ ...mail, event: (mail.event_key as string).split(':')[0] }))
    .reverse();
const eventsOf = async (t: TestApp, member: UserRow) => (await noticesOf(t, member)).map((mail) => mail.event);

/** What a mail client does with a notice's List-Unsubscribe-Post: a POST of the header's link, no session. */
const oneClick = (t: TestApp, link: string) =>
  t.app.inject({
    method: 'POST',
    url: link,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
const linkOf = (mail: MailRow) => {
  const url = new URL((mail.headers['List-Unsubscribe'] ?? '').split(', ')[0]?.slice(1, -1) ?? '');
  return `${url.pathname}${url.search}`;
};

describe('notices of a locked reward: locked, 7 and 1 day before the forfeit, nothing after', () => {
  let t: TestApp;
  const exchange = new ScriptedExchange();
  const start = cycleWindow({ cycleEpoch: new Date('2026-01-05T00:00:00Z'), cycleDays: 7 }, 10).startsAt;
  const lockedAt = new Date(start.getTime() + 7 * dayMs + 1000); // cycle 10 has just ended
  const at = (days: number) => new Date(lockedAt.getTime() + days * dayMs);
  let sponsor: UserRow;
  let quiet: UserRow;
  let direct: UserRow;
  let carrier: UserRow;

  beforeAll(async () => {
    t = await createTestApp({}, { depositChain: null, exchangeGateway: exchange });
  }, 180_000);
  afterAll(() => t?.close());

  /**
   * A sponsor with `balance` USDT on the exchange and a copier whose master amount is
   * `copierMaster`: below 100 USDT the sponsor's reward (5 %) locks.
   */
  async function sponsorOfCopier(firstName: string, balance: string, copierMaster: string) {
    const linked = (held?: string) => ({
      ...linkedMemberColumns(uniqueUid(), held),
      bingx_balance_checked_at: t.clock.now(),
      first_name: firstName,
    });
    const member = await addMember(t.database.db, null, linked(balance));
    const copier = await addMember(t.database.db, member, linked());
    exchange.balances.set(member.bingx_uid as string, balance);
    exchange.copying.set(member.bingx_uid as string, '0');
    exchange.copying.set(copier.bingx_uid as string, copierMaster);
    return member;
  }
  const lockedSponsor = (firstName: string) => sponsorOfCopier(firstName, '50', '100');

  /** The notice job, twice at once: on PostgreSQL two runs really overlap. */
  const runNoticesTwiceAtOnce = () => Promise.all([writeDueNotices(t.app.context), writeDueNotices(t.app.context)]);

  it('writes the reward-locked notice (amount, reason, deadline) and the cycle summary once each', async () => {
    t.clock.set(lockedAt);
    sponsor = await lockedSponsor('<b>Grace</b>');
    quiet = await lockedSponsor('Quiet');
    const token = t.app.context.sessionTokens.sign(quiet.id);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/users/notifications',
      headers: bearer(token),
      payload: { rewardLocked: false, cycleSummary: false },
    });
    expect(off.statusCode).toBe(200);
    // A compliant sponsor who carries 0.005 from a DIRECT reward: the cycle's 5.00617 makes 5.01117,
    // 5.01 credited and 0.00117 carried on (the cycle's own carry_delta, -0.00383, is not a figure to show).
    carrier = await sponsorOfCopier('Carrier', '250', '100.1234');
    const subCentDirect = async (amount: string) =>
      creditReward(t.database.db, {
        beneficiary: carrier,
        source: await addMember(t.database.db, carrier),
        amount,
        type: 'DIRECT',
        createdAt: lockedAt,
      });
    await subCentDirect('0.005');
    const run = await runRewardCycle(t.app.context, { cycle: 10, statement: { source: 'EXCHANGE' }, startedBy: null });
    expect(run).toMatchObject({ outcome: 'DISTRIBUTED', totalLocked: 10 });
    // Carried later, before the notices are written: the summary still says what the cycle left.
    await subCentDirect('0.0042');
    // A direct reward (a payer's subscription) locked on its own, outside any cycle.
    direct = await lockedSponsor('Direct');
    const payer = await addMember(t.database.db, direct);
    await creditReward(t.database.db, {
      beneficiary: direct,
      source: payer,
      amount: '1.25',
      type: 'DIRECT',
      state: 'LOCKED',
      createdAt: lockedAt,
    });

    await runNoticesTwiceAtOnce();
    await runNoticesTwiceAtOnce();
    expect(await eventsOf(t, sponsor)).toEqual(expect.arrayContaining(['reward-locked', 'cycle-summary']));
    expect(await eventsOf(t, sponsor)).toHaveLength(2);
    expect(await eventsOf(t, quiet)).toEqual([]);
    expect(await eventsOf(t, direct)).toEqual(['reward-locked']);
    expect((await noticesOf(t, direct))[0]?.subject).toBe('A reward of 1.25 USDT is locked');

    const [locked] = (await noticesOf(t, sponsor)).filter((mail) => mail.event === 'reward-locked');
    const deadline = `${at(30).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(locked?.subject).toBe('A reward of 5.00 USDT is locked');
    expect(locked?.text).toContain('Hello <b>Grace</b>,');
    expect(locked?.html).toContain('Hello &lt;b&gt;Grace&lt;/b&gt;,');
    for (const body of [locked?.text, locked?.html]) {
      expect(body).toContain('A reward of 5.00 USDT was locked');
      expect(body).toContain('Your exchange balance is below 100 USDT.');
      expect(body).toContain(`Meet the conditions again before ${deadline}`);
    }
    const summary = (await noticesOf(t, sponsor)).find((mail) => mail.event === 'cycle-summary');
    for (const body of [summary?.text, summary?.html]) {
      expect(body).toContain('The rewards of cycle 10 are distributed: 5.00 USDT exactly.');
      expect(body).toContain(
        'With 0.00 USDT carried from your earlier rewards: 0.00 USDT credited to your balance, 5.00 USDT locked until you meet every condition for rewards, 0.00 USDT carried to your next credit.',
      );
    }
  });

  it("states the cycle summary's credited, locked and carried figures, carried as the cycle's credit left it", async () => {
    const [summary, ...others] = (await noticesOf(t, carrier)).filter((mail) => mail.event === 'cycle-summary');
    expect(others).toEqual([]);
    expect(summary?.subject).toBe('Your rewards of cycle 10');
    for (const body of [summary?.text, summary?.html]) {
      // Exactly 5.00617 + 0.005 carried in = 5.01 credited + 0.00 locked + 0.00117 carried.
      expect(body).toContain('The rewards of cycle 10 are distributed: 5.00617 USDT exactly.');
      expect(body).toContain(
        'With 0.005 USDT carried from your earlier rewards: 5.01 USDT credited to your balance, 0.00 USDT locked until you meet every condition for rewards, 0.00117 USDT carried to your next credit.',
      );
      expect(body).toContain('the part of your rewards under a cent is carried, never lost');
    }
    const account = await t.database.db
      .selectFrom('ledger_accounts')
      .select('carry')
      .where('user_id', '=', carrier.id)
      .executeTakeFirstOrThrow();
    expect(String(account.carry)).toMatch(/^0\.00537/);
  });

  it('carries List-Unsubscribe with the signed link and the mailbox, List-Unsubscribe-Post, and links the unsubscribe page', async () => {
    const [mail] = await noticesOf(t, sponsor);
    const kind = mail?.event === 'reward-locked' ? 'rewardLocked' : 'cycleSummary';
    expect(mail?.headers).toEqual(listUnsubscribeHeaders(t.config, sponsor.id, kind));
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<http://uplink\\.test/api/users/notifications/unsubscribe\\?m=${sponsor.id}&k=${kind}&s=[0-9a-f]{64}>, <mailto:support@uplink\\.network\\?subject=unsubscribe%20${kind}>$`,
      ),
    );
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The body's link is the page (the same signature), never the one-click POST address.
    const page = unsubscribePageUrl(t.config, sponsor.id, kind);
    expect(page).toMatch(new RegExp(`^http://uplink\\.test/unsubscribe\\?m=${sponsor.id}&k=${kind}&s=[0-9a-f]{64}$`));
    expect(mail?.text).toContain(`off without signing in: ${page}`);
    expect(mail?.html).toContain(`<a href="${page.replaceAll('&', '&amp;')}"`);
    expect(mail?.text).toContain('every notice has a switch on your profile (http://uplink.test/profile)');
    expect(mail?.text).not.toContain('/api/users/notifications/unsubscribe');
    // What the page shows on opening: the kind, still on; opening it changed nothing.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/users/notifications/unsubscribe${new URL(page).search}`,
    });
    expect(opened.json().data).toEqual({ kind, on: true });
  });

  it('warns 7 days before the forfeit (23 days after the lock), once, and not members who turned warnings off', async () => {
    const summary = (await noticesOf(t, sponsor)).find((mail) => mail.event === 'cycle-summary') as MailRow;
    // The sponsor turns cycle summaries off with the summary's own link; quiet turns warnings off.
    const link = linkOf(summary);
    const clicks = [await oneClick(t, link), await oneClick(t, link)];
    expect(clicks.map((click) => click.json().data)).toEqual([
      { kind: 'cycleSummary', alreadyOff: false },
      { kind: 'cycleSummary', alreadyOff: true },
    ]);
    const preferences = await t.app.inject({
      method: 'GET',
      url: '/api/users/notifications',
      headers: sessionHeaders(t.app, sponsor),
    });
    expect(preferences.json().data).toEqual({
      rewardLocked: true,
      forfeitWarning: true,
      cycleSummary: false,
      subscriptionEnding: true,
      invitationReminder: true,
    });
    const forged = link.replace(/s=([0-9a-f])/, (_match, first: string) => `s=${first === '0' ? '1' : '0'}`);
    const refused = await oneClick(t, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/notifications',
      headers: sessionHeaders(t.app, quiet),
      payload: { forfeitWarning: false },
    });

    t.clock.set(new Date(at(23).getTime() - 60_000));
    await runNoticesTwiceAtOnce();
    expect(await eventsOf(t, sponsor)).not.toContain('forfeit-warning-7');

    t.clock.set(at(23));
    await runNoticesTwiceAtOnce();
    await runNoticesTwiceAtOnce();
    const warnings = (await noticesOf(t, sponsor)).filter((mail) => mail.event === 'forfeit-warning-7');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.subject).toBe(
      `Your locked reward of 5.00 USDT is forfeited on ${at(30).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(warnings[0]?.headers).toEqual(listUnsubscribeHeaders(t.config, sponsor.id, 'forfeitWarning'));
    expect(await eventsOf(t, quiet)).toEqual([]);
  });

  it('warns 1 day before the forfeit (29 days after the lock), once', async () => {
    t.clock.set(at(29));
    await runNoticesTwiceAtOnce();
    await runNoticesTwiceAtOnce();
    const events = await eventsOf(t, sponsor);
    expect(events.filter((event) => event === 'forfeit-warning-1')).toHaveLength(1);
    expect((await noticesOf(t, sponsor)).at(-1)?.subject).toMatch(/^Last reminder: your locked reward of 5.00 USDT/);
    expect(events).toHaveLength(4);
  });

  it('writes nothing more once the reward is forfeited', async () => {
    t.clock.set(at(30));
    expect(await settleLockedRewards(t.app.context)).toMatchObject({ forfeited: 3 });
    for (const days of [30, 31, 60]) {
      t.clock.set(at(days));
      await runNoticesTwiceAtOnce();
    }
    expect(await eventsOf(t, sponsor)).toHaveLength(4);
    expect(await eventsOf(t, quiet)).toEqual([]);
    expect(await eventsOf(t, direct)).toEqual(['reward-locked', 'forfeit-warning-7', 'forfeit-warning-1']);
  });
});
