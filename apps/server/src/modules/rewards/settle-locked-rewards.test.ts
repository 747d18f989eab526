import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addMember, createMember, linkedMemberColumns, uniqueUid } from '../../testing/builders';
import { rewardStatsOf } from '../../testing/reward-statistics';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { ExchangeGateway, InviteeCheck } from '../exchange/exchange-gateway';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { closeFinishedCycles } from './close-finished-cycles';
import { refreshExchangeBalances } from './refresh-exchange-balances';
import { cycleAt, cycleWindow } from './reward-cycle-calendar';
import { runRewardCycle } from './run-reward-cycle';
import { settleLockedRewards } from './settle-locked-rewards';

const dayMs = 86_400_000;

/** An exchange whose balances the test sets; every UID of `copying` is in every statement. */
class ScriptedExchange implements ExchangeGateway {
  readonly kind = 'sandbox' as const;
  readonly balances = new Map<string, string>();
  readonly copying = new Map<string, string>();
  checks = 0;
  async checkInvitee(uid: string): Promise<InviteeCheck> {
    this.checks += 1;
    return { invited: true, kycComplete: true, balanceUsdt: this.balances.get(uid) ?? '250' };
  }
  async copyTradingStatement() {
    return [...this.copying].map(([uid, masterAmount]) => ({ uid, masterAmount }));
  }
}

describe('locked rewards are released or forfeited', () => {
  let t: TestApp;
  const exchange = new ScriptedExchange();
  const start = cycleWindow({ cycleEpoch: new Date('2026-01-05T00:00:00Z'), cycleDays: 7 }, 10).startsAt;

  beforeAll(async () => {
    t = await createTestApp({}, { depositChain: null, exchangeGateway: exchange });
  }, 180_000);
  afterAll(() => t?.close());

  /** A compliant sponsor with 50 USDT on the exchange, and a copier below: the sponsor's rewards lock. */
  async function lockedSponsor() {
    // Linked and checked at the test's "now" (the clock runs in the past of the real one here).
    const linked = (balance?: string) => ({
      ...linkedMemberColumns(uniqueUid(), balance),
      bingx_balance_checked_at: t.clock.now(),
    });
    const sponsor = await addMember(t.database.db, null, linked('50'));
    const copier = await addMember(t.database.db, sponsor, linked());
    exchange.balances.set(sponsor.bingx_uid as string, '50');
    exchange.copying.set(sponsor.bingx_uid as string, '0');
    exchange.copying.set(copier.bingx_uid as string, '100');
    return { sponsor, copier };
  }

  const deps = () => t.app.context;
  const balanceOf = (member: UserRow) => findLedgerBalance(t.database.db, member.id);
  const statesOf = async (member: UserRow) =>
    (await t.database.db.selectFrom('rewards').select('state').where('beneficiary_id', '=', member.id).execute()).map(
      (row) => row.state,
    );

  it('releases a locked reward once the member is compliant again within 30 days', async () => {
    t.clock.set(new Date(start.getTime() + 7 * dayMs + 1000)); // cycle 10 has just ended
    const { sponsor } = await lockedSponsor();
    const run = await runRewardCycle(deps(), { cycle: 10, statement: { source: 'EXCHANGE' }, startedBy: null });
    expect(run).toMatchObject({ outcome: 'DISTRIBUTED', totalLocked: 5 });
    expect(await balanceOf(sponsor)).toMatchObject({ creditsPending: '5.00000000', available: '0.00000000' });
    expect(await statesOf(sponsor)).toEqual(['LOCKED']);

    // Twenty days later the exchange reports 300 USDT: the balance refresh releases the reward.
    t.clock.set(new Date(t.clock.now().getTime() + 20 * dayMs));
    exchange.balances.set(sponsor.bingx_uid as string, '300');
    const refresh = await refreshExchangeBalances(deps());
    expect(refresh.checked).toBeGreaterThan(0);
    expect(await balanceOf(sponsor)).toMatchObject({
      creditsPending: '0.00000000',
      creditsPosted: '5.00000000',
      available: '5.00000000',
    });
    expect(await statesOf(sponsor)).toEqual(['RELEASED']);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('forfeits a locked reward when 30 days pass first, and settles it only once', async () => {
    t.clock.set(new Date(cycleWindow(t.config.rewards, 14).startsAt.getTime() + 1000)); // cycle 13 ended
    const { sponsor } = await lockedSponsor();
    await runRewardCycle(deps(), { cycle: 13, statement: { source: 'EXCHANGE' }, startedBy: null });
    expect((await balanceOf(sponsor))?.creditsPending).toBe('5.00000000');

    t.clock.set(new Date(t.clock.now().getTime() + 29 * dayMs));
    expect(await settleLockedRewards(deps())).toMatchObject({ forfeited: 0 });
    expect((await balanceOf(sponsor))?.creditsPending).toBe('5.00000000');

    t.clock.set(new Date(t.clock.now().getTime() + 2 * dayMs));
    const settled = await settleLockedRewards(deps());
    expect(settled.forfeited).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(sponsor)).toMatchObject({ creditsPending: '0.00000000', creditsPosted: '0.00000000' });
    expect(await statesOf(sponsor)).toEqual(['FORFEITED']);
    // A forfeited reward stays forfeited, whatever the member does next.
    exchange.balances.set(sponsor.bingx_uid as string, '900');
    await refreshExchangeBalances(deps());
    expect(await settleLockedRewards(deps())).toEqual({ released: 0, forfeited: 0 });
    expect((await balanceOf(sponsor))?.creditsPosted).toBe('0.00000000');

    expect(await rewardStatsOf(t, sponsor)).toMatchObject({ lockedRewards: 0, locked: [], totalRewards: 0 });
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('checks each linked member once a cycle, and stops when the exchange stops answering', async () => {
    t.clock.set(new Date(cycleWindow(t.config.rewards, 30).startsAt.getTime() + 1000));
    await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const before = exchange.checks;
    const first = await refreshExchangeBalances(deps());
    expect(first.checked).toBe(exchange.checks - before);
    expect(await refreshExchangeBalances(deps())).toEqual({ checked: 0, interrupted: false });
    const unlinked = await createMember(t.database.db);
    expect(unlinked.bingx_uid).toBeNull(); // never asked about
  });

  it('closes every cycle that ended since the last distributed one, and only those', async () => {
    const latest = cycleAt(t.config.rewards, t.clock.now()) - 1;
    const runs = await closeFinishedCycles(deps());
    expect(runs.map((run) => run.cycle)).toEqual(Array.from({ length: latest - 13 }, (_, index) => 14 + index));
    expect(await closeFinishedCycles(deps())).toEqual([]);
  });

  it('judges copying only by a cycle the member could have copied in, and names that cycle', async () => {
    const cycle40 = cycleWindow(t.config.rewards, 40);
    t.clock.set(new Date(cycle40.endsAt.getTime() + 1000));
    const linkedAt = (at: Date) => ({
      ...linkedMemberColumns(uniqueUid()),
      bingx_linked_at: at,
      bingx_balance_checked_at: t.clock.now(),
    });
    const judged = await addMember(t.database.db, null, linkedAt(new Date(cycle40.startsAt.getTime() + dayMs)));
    const newcomer = await addMember(t.database.db, null, linkedAt(t.clock.now()));
    expect(
      await runRewardCycle(deps(), { cycle: 40, statement: { source: 'EXCHANGE' }, startedBy: null }),
    ).toMatchObject({ outcome: 'DISTRIBUTED' });

    expect(await rewardStatsOf(t, judged)).toMatchObject({
      lockReasons: ['NOT_COPYING'],
      notCopyingIn: { cycle: 40, endsAt: cycle40.endsAt.toISOString() },
    });
    // Linked after cycle 40 ended: nothing to judge until the next cycle's statement.
    expect(await rewardStatsOf(t, newcomer)).toMatchObject({ lockReasons: [], notCopyingIn: null });
  });
});
