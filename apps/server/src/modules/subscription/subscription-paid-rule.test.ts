import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../testing/test-database';
import { hasPaidSubscription } from './subscription-status';

/** The TypeScript and SQL statements of "paid subscription" give the same answer at the same time. */
describe('the paid-subscription rule', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.close());

  const at = new Date('2026-11-26T12:00:00.000Z');
  const minute = 60_000;
  const cases: [string, Date | null, Date | null, boolean][] = [
    ['never paid', null, null, false],
    ['paid, period running', new Date('2026-11-01T00:00:00Z'), new Date(at.getTime() + minute), true],
    ['paid, period ends exactly now', new Date('2026-11-01T00:00:00Z'), at, false],
    ['paid, period ended', new Date('2025-11-01T00:00:00Z'), new Date(at.getTime() - minute), false],
    ['paid, no period end recorded', new Date('2026-11-01T00:00:00Z'), null, true],
    ['a period end without a payment', null, new Date(at.getTime() + minute), false],
  ];

  it.each(cases)('%s', async (_, paidAt, periodEndsAt, paid) => {
    const member = { subscription_paid_at: paidAt, subscription_period_ends_at: periodEndsAt };
    const { rows } = await sql<{ paid: boolean }>`
      SELECT subscription_is_paid(${paidAt}::timestamptz, ${periodEndsAt}::timestamptz, ${at}::timestamptz) AS paid
    `.execute(database.db);
    expect(hasPaidSubscription(member, at)).toBe(paid);
    expect(rows[0]?.paid).toBe(paid);
  });
});
