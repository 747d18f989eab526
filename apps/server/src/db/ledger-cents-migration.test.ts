import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookLedgerEntries,
  carryReleasedRemainders,
  findLedgerBalance,
  findLedgerDiscrepancies,
  settleLedgerEntry,
} from '../modules/ledger/ledger-repository';
import { createMember, creditReward } from '../testing/builders';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { migrateToLatest } from './migrator';
import type { UserRow } from './schema';

describe('migration 0120 converts a ledger of exact amounts to whole cents and carries', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrateUpToName: '0110-counter-slots' });
  }, 180_000);
  afterAll(() => database?.close());

  /** A reward and its exact credit, as the writers booked them before 0120. */
  async function legacyReward(member: UserRow, amount: string, state: 'POSTED' | 'LOCKED', cycle: number) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      VALUES (${member.id}, ${member.id}, 'DIRECT', 1, ${cycle}, 1, 5, 100, ${amount}, ${state}, now())
      RETURNING id::text AS id`.execute(database.db);
    const id = rows[0]?.id as string;
    await sql`
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id)
      VALUES (${member.id}, ${state === 'POSTED' ? 'CREDIT_POSTED' : 'CREDIT_PENDING'}, ${amount}, 'REWARD', ${id})`.execute(
      database.db,
    );
  }
  const hold = (member: UserRow, amount: string, id: string) =>
    sql<{ id: string }>`
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id)
      VALUES (${member.id}, 'DEBIT_PENDING', ${amount}, 'WITHDRAWAL', ${id}) RETURNING id::text AS id`
      .execute(database.db)
      .then((result) => result.rows[0]?.id as string);
  const carryOf = async (member: UserRow) =>
    (
      await sql<{
        carry: string;
      }>`SELECT carry::text AS carry FROM ledger_accounts WHERE user_id = ${member.id}`.execute(database.db)
    ).rows[0]?.carry;
  const exactOf = async (member: UserRow) =>
    (
      await sql<{ exact: string }>`
        SELECT sum(reward_amount)::text AS exact FROM rewards WHERE beneficiary_id = ${member.id}`.execute(database.db)
    ).rows[0]?.exact;

  it('moves each available balance’s sub-cent part to the carry, keeping every exact total, then books cents', async () => {
    const db = database.db;
    const [held, tiny, whole] = [await createMember(db), await createMember(db), await createMember(db)];
    await legacyReward(held, '10.12345678', 'POSTED', 1);
    await legacyReward(held, '3.3333', 'LOCKED', 2);
    await hold(held, '5.00', 'w-held');
    await legacyReward(tiny, '0.0047', 'POSTED', 1);
    await legacyReward(tiny, '1.0095', 'LOCKED', 2);
    await legacyReward(whole, '2.5', 'POSTED', 1);
    const paid = await hold(whole, '2.50', 'w-whole');
    await sql`
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, settles_entry_id)
      VALUES (${whole.id}, 'DEBIT_SETTLED', 2.50, 'WITHDRAWAL', 'w-whole', ${paid})`.execute(db);

    await migrateToLatest(db);

    expect(await findLedgerBalance(db, held.id)).toMatchObject({
      creditsPosted: '10.12000000',
      creditsPending: '3.33330000',
      debitsPending: '5.00000000',
      available: '5.12000000',
    });
    expect(await carryOf(held)).toBe('0.00345678');
    expect(await findLedgerBalance(db, tiny.id)).toMatchObject({
      creditsPosted: '0.00000000',
      available: '0.00000000',
    });
    expect(await carryOf(tiny)).toBe('0.00470000');
    expect(await findLedgerBalance(db, whole.id)).toMatchObject({
      creditsPosted: '2.50000000',
      available: '0.00000000',
    });
    expect(await carryOf(whole)).toBe('0.00000000');
    const conversions = await db
      .selectFrom('ledger_entries')
      .select(['account_id', 'kind', 'amount', 'carry_delta'])
      .where('reason_type', '=', 'CENTS_CONVERSION')
      .orderBy('amount')
      .execute();
    expect(conversions).toEqual([
      { account_id: held.id, kind: 'CREDIT_REVERSED', amount: '0.00345678', carry_delta: '0.00345678' },
      { account_id: tiny.id, kind: 'CREDIT_REVERSED', amount: '0.00470000', carry_delta: '0.00470000' },
    ]);
    // Σ exact rewards = Σ credits (reversals off) + carry, for every member: the check finds nothing.
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
    expect(await exactOf(held)).toBe('13.45675678');

    // The next credit books cents, with the carry: 0.0061 + 0.0047 = 0.0108 → 0.01, 0.0008 carried.
    await creditReward(db, { beneficiary: tiny, source: held, amount: '0.0061', type: 'DIRECT', cycle: 3 });
    expect(await findLedgerBalance(db, tiny.id)).toMatchObject({ available: '0.01000000' });
    expect(await carryOf(tiny)).toBe('0.00080000');
    const [all] = await bookLedgerEntries(
      db,
      [{ accountId: tiny.id, kind: 'DEBIT_PENDING', amount: '0.01', reasonType: 'WITHDRAWAL', reasonId: 'w-tiny' }],
      new Date(),
    );
    await settleLedgerEntry(db, all!.id, 'POST', new Date());
    expect(await findLedgerBalance(db, tiny.id)).toMatchObject({ available: '0.00000000', debitsPosted: '0.01000000' });
    expect(await findLedgerDiscrepancies(db)).toEqual([]);

    // Older locked credits keep their exact amounts; released, their sub-cent part goes to the carry
    // (3.3333: 0.0033 + 0.00345678 < 0.01) or, once the carry reaches a cent, the cent is completed
    // from it (1.0095: 0.0095 + 0.0008 = 0.0103, so 0.0005 is credited and 0.0003 stays carried).
    const releases = [];
    for (const member of [held, tiny]) {
      const pending = await db
        .selectFrom('ledger_entries')
        .select('id')
        .where('account_id', '=', member.id)
        .where('kind', '=', 'CREDIT_PENDING')
        .executeTakeFirstOrThrow();
      await settleLedgerEntry(db, pending.id, 'POST', new Date());
      releases.push({ accountId: member.id, pendingEntryId: pending.id });
    }
    await carryReleasedRemainders(db, releases, new Date());
    expect(await findLedgerBalance(db, held.id)).toMatchObject({
      available: '8.45000000',
      creditsPending: '0.00000000',
    });
    expect(await carryOf(held)).toBe('0.00675678');
    expect(await findLedgerBalance(db, tiny.id)).toMatchObject({ available: '1.01000000' });
    expect(await carryOf(tiny)).toBe('0.00030000');
    // Running it again changes nothing: the balances are whole cents.
    await carryReleasedRemainders(db, releases, new Date());
    expect(await findLedgerDiscrepancies(db)).toEqual([]);

    // A new credit that is not whole cents is refused. at its amount; a new credit that is not whole cents is refused.
    await expect(
      sql`INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id)
          VALUES (${whole.id}, 'CREDIT_POSTED', 0.005, 'REWARD', 'new')`.execute(db),
    ).rejects.toThrow(/ledger_entries_whole_cents/);
  });
});
