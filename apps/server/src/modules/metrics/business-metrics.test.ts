import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createMember, creditReward, fundedMember, requestedWithdrawal } from '../../testing/builders';
import { batchOf, decide, seedPendingWithdrawals } from '../../testing/payout-builders';
import { recordDistributedRun } from '../../testing/reward-cycle-builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The value of an unlabelled metric in a scrape. */
function gauge(text: string, name: string): number {
  const value = text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1];
  if (value === undefined) throw new Error(`${name} is not in the scrape`);
  return Number(value);
}

describe('business gauges an operator alerts on', () => {
  let t: TestApp;
  const start = new Date('2026-03-02T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;

  it('reads zero and no age while nothing waits; what never happened, or cannot be read, is absent', async () => {
    t.clock.set(start);
    const text = await scrape();
    for (const name of [
      'uplink_withdrawals_pending',
      'uplink_withdrawals_pending_usdt',
      'uplink_withdrawals_oldest_pending_age_seconds',
      'uplink_reward_cycle_last_distributed',
      'uplink_rewards_locked_usdt',
      'uplink_payout_batches_open',
      'uplink_payout_batches_unpaid_usdt',
    ]) {
      expect(gauge(text, name), name).toBe(0);
    }
    // Never distributed: no age (0 would read as "just now"); without a chain node, no distance to its head.
    expect(text).not.toMatch(/^uplink_reward_cycle_last_distributed_age_seconds /m);
    expect(text).not.toMatch(/^uplink_deposit_scan_blocks_behind /m);
    // 2026-03-02 is in cycle #9 of the default calendar (weekly from Monday 2026-01-05).
    expect(gauge(text, 'uplink_reward_cycle_current')).toBe(9);
  });

  it('counts pending withdrawals, their amount and the age of the oldest', async () => {
    const first = await fundedMember(t.database.db, '100');
    const second = await fundedMember(t.database.db, '100');
    t.clock.set(start);
    await requestedWithdrawal(t, first, 12.5);
    t.clock.set(new Date(start.getTime() + 30_000));
    await requestedWithdrawal(t, second, 7.25);
    t.clock.set(new Date(start.getTime() + 90_000));
    const text = await scrape();
    expect(gauge(text, 'uplink_withdrawals_pending')).toBe(2);
    expect(gauge(text, 'uplink_withdrawals_pending_usdt')).toBe(19.75);
    expect(gauge(text, 'uplink_withdrawals_oldest_pending_age_seconds')).toBe(90);
  });

  it('measures the mail outbox: unsent e-mails and the age of the oldest', async () => {
    const oldest = new Date(start.getTime() - 3_600_000);
    await t.database.db
      .insertInto('mail_outbox')
      .values(
        [0, 1, 2].map((index) => ({
          to_address: `queued-${index}@example.test`,
          subject: 'Queued',
          html: '<p>Queued</p>',
          text: 'Queued',
          next_attempt_at: oldest,
          created_at: new Date(oldest.getTime() + index * 1000),
        })),
      )
      .execute();
    t.clock.set(start);
    const { pending } = await t.database.db
      .selectFrom('mail_outbox')
      .where('status', '=', 'PENDING')
      .select((eb) => eb.fn.countAll<string>().as('pending'))
      .executeTakeFirstOrThrow();
    const text = await scrape();
    expect(gauge(text, 'uplink_mail_outbox_pending')).toBe(Number(pending));
    expect(Number(pending)).toBeGreaterThanOrEqual(3);
    expect(gauge(text, 'uplink_mail_oldest_pending_seconds')).toBe(3600);
  });

  it('tells the last distributed cycle, its age and the rewards locked', async () => {
    const beneficiary = await createMember(t.database.db);
    await creditReward(t.database.db, { beneficiary, source: beneficiary, amount: '3.1234', state: 'LOCKED' });
    await creditReward(t.database.db, { beneficiary, source: beneficiary, amount: '5', type: 'DIRECT' });
    const finishedAt = new Date(start.getTime() - 2 * 86_400_000);
    for (const cycle of [7, 8]) {
      await recordDistributedRun(t.database.db, cycle, new Date(finishedAt.getTime() - (8 - cycle) * 86_400_000));
    }
    t.clock.set(start);
    const text = await scrape();
    expect(gauge(text, 'uplink_reward_cycle_last_distributed')).toBe(8);
    expect(gauge(text, 'uplink_reward_cycle_last_distributed_age_seconds')).toBe(2 * 86_400);
    expect(gauge(text, 'uplink_rewards_locked_usdt')).toBe(3.1234);
  });

  it('counts the cycles due from the one running at installation, whether REWARD_CYCLE_EPOCH is set or not', async () => {
    // Installed on Wednesday 2026-11-25, in cycle 47 of the default calendar: cycle 47 is the first
    // due, not cycle 1 of an epoch that was nobody's launch (the alert counted 46 cycles missing).
    await t.database.db
      .updateTable('installation')
      .set({ installed_at: new Date('2026-11-25T10:00:00Z') })
      .execute();
    t.clock.set(new Date('2026-11-29T12:00:00Z'));
    let text = await scrape();
    expect(gauge(text, 'uplink_reward_cycle_current')).toBe(47);
    expect(gauge(text, 'uplink_reward_cycle_first_due')).toBe(47);

    // REWARD_CYCLE_EPOCH set to the default's own date is the same calendar: still 47, never 1 (issue 42).
    for (const [epoch, current, firstDue] of [
      ['2026-01-05T00:00:00Z', 47, 47],
      // An operation's own calendar, begun before the installation: its cycle 4 was running then.
      ['2026-11-02T00:00:00Z', 4, 4],
      // …or begun after it: its cycle 1 is the first due.
      ['2026-11-30T00:00:00Z', 0, 1],
    ] as const) {
      const config = { ...t.config, rewards: { ...t.config.rewards, cycleEpoch: new Date(epoch) } };
      const withEpoch = await buildApp({ config, db: t.database.db, logger: false, clock: t.clock });
      try {
        text = (await withEpoch.inject({ method: 'GET', url: '/api/metrics' })).body;
        expect({ epoch, current: gauge(text, 'uplink_reward_cycle_current') }).toEqual({ epoch, current });
        expect({ epoch, firstDue: gauge(text, 'uplink_reward_cycle_first_due') }).toEqual({ epoch, firstDue });
      } finally {
        await withEpoch.close();
      }
    }
  });

  it('counts the payout batches still to pay and the USDT they still hold', async () => {
    const administrator = await createMember(t.database.db, { isAdmin: true });
    const member = await createMember(t.database.db);
    const [first, second, third] = await seedPendingWithdrawals(t.database.db, member, ['10', '2.5', '7']);
    await batchOf(t.app, administrator, [first as string, second as string]);
    await batchOf(t.app, administrator, [third as string]);
    let text = await scrape();
    expect(gauge(text, 'uplink_payout_batches_open')).toBe(2);
    expect(gauge(text, 'uplink_payout_batches_unpaid_usdt')).toBe(19.5);

    // The second batch's only withdrawal leaves it: nothing is left to pay there.
    expect((await decide(t.app, administrator, third as string, { status: 'REJECTED', reason: 'No' })).statusCode).toBe(
      200,
    );
    text = await scrape();
    expect(gauge(text, 'uplink_payout_batches_open')).toBe(1);
    expect(gauge(text, 'uplink_payout_batches_unpaid_usdt')).toBe(12.5);
  });
});
