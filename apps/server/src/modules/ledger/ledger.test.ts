import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createMember } from '../../testing/builders';
import { createTestDatabase } from '../../testing/test-database';
import { recordAdminAction } from '../audit/audit-log-repository';
import {
  bookLedgerEntries,
  findAllRewardLedgerTotals,
  findLedgerBalance,
  findLedgerDiscrepancies,
  foldLedgerTotals,
  isDuplicateLedgerEntry,
  isLedgerEntryAlreadySettled,
  isLedgerOverdraft,
  type LedgerDiscrepancy,
  lockLedgerAccount,
  type NewLedgerEntry,
  settleLedgerEntry,
} from './ledger-repository';

const at = new Date('2026-11-02T10:00:00Z');

describe('the ledger keeps balances the database can vouch for', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 180_000);
  afterAll(() => database?.close());

  const db = () => database.db;
  const member = async () => (await createMember(db())).id;
  const credit = (accountId: string, amount: string, reasonId: string): NewLedgerEntry => ({
    accountId,
    kind: 'CREDIT_POSTED',
    amount,
    reasonType: 'REWARD',
    reasonId,
  });
  const hold = (accountId: string, amount: string, reasonId: string): NewLedgerEntry => ({
    accountId,
    kind: 'DEBIT_PENDING',
    amount,
    reasonType: 'WITHDRAWAL',
    reasonId,
  });
  async function refusal(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('the database accepted what it must refuse');
  }

  it('opens an empty account for every new member', async () => {
    const id = await member();
    expect(await findLedgerBalance(db(), id)).toEqual({
      creditsPosted: '0.00000000',
      creditsPending: '0.00000000',
      debitsPosted: '0.00000000',
      debitsPending: '0.00000000',
      available: '0.00000000',
    });
  });

  it('moves the four totals with each kind of entry, exactly', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '0.11', 'r1'), credit(id, '0.2', 'r2')], at);
    const [locked] = await bookLedgerEntries(
      db(),
      [{ accountId: id, kind: 'CREDIT_PENDING', amount: '5', reasonType: 'REWARD_CYCLE', reasonId: '7' }],
      at,
    );
    const [held] = await bookLedgerEntries(db(), [hold(id, '0.3', 'w1')], at);
    expect(await findLedgerBalance(db(), id)).toMatchObject({
      creditsPosted: '0.31000000',
      creditsPending: '5.00000000',
      debitsPending: '0.30000000',
      available: '0.01000000',
    });

    await settleLedgerEntry(db(), locked!.id, 'POST', at);
    await settleLedgerEntry(db(), held!.id, 'POST', at);
    expect(await findLedgerBalance(db(), id)).toEqual({
      creditsPosted: '5.31000000',
      creditsPending: '0.00000000',
      debitsPosted: '0.30000000',
      debitsPending: '0.00000000',
      available: '5.01000000',
    });

    const [second] = await bookLedgerEntries(db(), [hold(id, '5', 'w2')], at);
    const voided = await settleLedgerEntry(db(), second!.id, 'VOID', at);
    expect(voided).toMatchObject({ kind: 'DEBIT_VOIDED', amount: '5.00000000', settles_entry_id: second!.id });
    await bookLedgerEntries(
      db(),
      [{ accountId: id, kind: 'CREDIT_REVERSED', amount: '1', reasonType: 'ACCOUNT_CLOSURE', reasonId: id }],
      at,
    );
    expect(await findLedgerBalance(db(), id)).toMatchObject({ creditsPosted: '4.31000000', available: '4.01000000' });
  });

  it('forfeits a locked reward without ever making it available', async () => {
    const id = await member();
    const [locked] = await bookLedgerEntries(
      db(),
      [{ accountId: id, kind: 'CREDIT_PENDING', amount: '2.5', reasonType: 'REWARD_CYCLE', reasonId: '3' }],
      at,
    );
    expect(await settleLedgerEntry(db(), locked!.id, 'VOID', at)).toMatchObject({ kind: 'CREDIT_FORFEITED' });
    expect(await findLedgerBalance(db(), id)).toMatchObject({
      creditsPosted: '0.00000000',
      creditsPending: '0.00000000',
    });
  });

  it('refuses a hold or a reversal beyond the available balance, and changes nothing', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '10', 'r1')], at);
    await bookLedgerEntries(db(), [hold(id, '9.99', 'w1')], at);
    expect(isLedgerOverdraft(await refusal(() => bookLedgerEntries(db(), [hold(id, '0.02', 'w2')], at)))).toBe(true);
    const reversal: NewLedgerEntry = {
      accountId: id,
      kind: 'CREDIT_REVERSED',
      amount: '0.02',
      reasonType: 'ACCOUNT_CLOSURE',
      reasonId: id,
    };
    expect(isLedgerOverdraft(await refusal(() => bookLedgerEntries(db(), [reversal], at)))).toBe(true);
    expect(await findLedgerBalance(db(), id)).toMatchObject({ debitsPending: '9.99000000', available: '0.01000000' });
  });

  it('refuses a second booking of one reason, locked or not', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '1', 'reward-42')], at);
    expect(
      isDuplicateLedgerEntry(await refusal(() => bookLedgerEntries(db(), [credit(id, '1', 'reward-42')], at))),
    ).toBe(true);
    const lockedTwin: NewLedgerEntry = { ...credit(id, '1', 'reward-42'), kind: 'CREDIT_PENDING' };
    expect(isDuplicateLedgerEntry(await refusal(() => bookLedgerEntries(db(), [lockedTwin], at)))).toBe(true);
    expect(await findLedgerBalance(db(), id)).toMatchObject({
      creditsPosted: '1.00000000',
      creditsPending: '0.00000000',
    });
  });

  it('settles a pending entry once, and only a pending one', async () => {
    const id = await member();
    const [posted] = await bookLedgerEntries(db(), [credit(id, '3', 'r1')], at);
    const [held] = await bookLedgerEntries(db(), [hold(id, '3', 'w1')], at);
    expect(await settleLedgerEntry(db(), posted!.id, 'POST', at)).toBeUndefined();
    await settleLedgerEntry(db(), held!.id, 'POST', at);
    expect(isLedgerEntryAlreadySettled(await refusal(() => settleLedgerEntry(db(), held!.id, 'VOID', at)))).toBe(true);
    expect(await findLedgerBalance(db(), id)).toMatchObject({
      debitsPosted: '3.00000000',
      debitsPending: '0.00000000',
    });
  });

  it('refuses a settlement that does not match its pending entry', async () => {
    const id = await member();
    const other = await member();
    await bookLedgerEntries(db(), [credit(id, '5', 'r1'), credit(other, '5', 'r1')], at);
    const [held] = await bookLedgerEntries(db(), [hold(id, '2', 'w1')], at);
    const settle = (accountId: string, kind: string, amount: string) =>
      sql`INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, settles_entry_id)
          VALUES (${accountId}, ${kind}, ${amount}, 'WITHDRAWAL', 'w1', ${held!.id})`.execute(db());
    for (const mismatch of [
      () => settle(id, 'DEBIT_SETTLED', '1'),
      () => settle(other, 'DEBIT_SETTLED', '2'),
      () => settle(id, 'CREDIT_RELEASED', '2'),
    ]) {
      expect((await refusal(mismatch)) as { constraint?: string }).toMatchObject({
        constraint: 'ledger_entries_settles_pending',
      });
    }
    expect(await findLedgerBalance(db(), id)).toMatchObject({
      debitsPending: '2.00000000',
      creditsPosted: '5.00000000',
    });
  });

  it('keeps entries and audit rows append-only and account totals out of reach', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '1', 'r1')], at);
    await recordAdminAction(
      db(),
      { actorId: id, action: 'USER_STATUS_CHANGED', targetType: 'USER', targetId: id, before: { a: 1 }, after: null },
      at,
    );
    const attempts = [
      sql`UPDATE ledger_entries SET amount = 1000 WHERE account_id = ${id}`,
      sql`DELETE FROM ledger_entries WHERE account_id = ${id}`,
      sql`UPDATE ledger_accounts SET credits_posted = 1000 WHERE user_id = ${id}`,
      sql`UPDATE audit_log SET action = 'USER_DELETED'`,
      sql`DELETE FROM audit_log`,
    ];
    for (const attempt of attempts) {
      expect((await refusal(() => attempt.execute(db()))) as { code?: string }).toMatchObject({ code: '42501' });
    }
    // TRUNCATE is refused by the trigger, or first by the tables whose rows point at entries.
    const truncate = (await refusal(() => sql`TRUNCATE ledger_entries`.execute(db()))) as { code?: string };
    expect(['42501', '0A000']).toContain(truncate.code);
    expect(await findLedgerBalance(db(), id)).toMatchObject({ creditsPosted: '1.00000000' });
  });

  it('books a whole batch in one statement, each account its own sum', async () => {
    const ids = await Promise.all([member(), member(), member()]);
    const batch = ids.flatMap((id, index) => [
      credit(id, `${index + 1}.5`, `batch-a-${index}`),
      credit(id, '0.01', `batch-b-${index}`),
    ]);
    await bookLedgerEntries(db(), batch, at);
    const balances = await Promise.all(ids.map((id) => findLedgerBalance(db(), id)));
    expect(balances.map((balance) => balance?.creditsPosted)).toEqual(['1.51000000', '2.51000000', '3.51000000']);
  });

  it('keeps the totals over every account equal to the sum of the accounts, folded or not, while writers book', async () => {
    const sums = async () => {
      const { rows } = await sql<Record<string, string>>`
        SELECT sum(credits_posted)::text AS credited, sum(credits_pending)::text AS locked, sum(carry)::text AS carried,
               (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'CREDIT_FORFEITED')::text AS forfeited
          FROM ledger_accounts`.execute(db());
      const row = rows[0] as Record<string, string>;
      return Object.fromEntries(Object.entries(row).map(([figure, amount]) => [figure, Number(amount)]));
    };
    const totals = async () =>
      Object.fromEntries(
        Object.entries(await findAllRewardLedgerTotals(db())).map(([key, value]) => [key, Number(value)]),
      );
    const ids = await Promise.all([member(), member()]);
    const [locked] = await bookLedgerEntries(
      db(),
      [
        {
          accountId: ids[0] as string,
          kind: 'CREDIT_PENDING',
          amount: '4',
          reasonType: 'REWARD',
          reasonId: 'totals-lock',
        },
      ],
      at,
    );
    await settleLedgerEntry(db(), locked!.id, 'VOID', at);
    const writes = Array.from({ length: 20 }, (_, index) =>
      bookLedgerEntries(db(), [credit(ids[index % 2] as string, '1.25', `totals-${index}`)], at),
    );
    // Folds run while the credits are booked: each moves what has committed, nothing twice.
    const folds = Array.from({ length: 5 }, () => foldLedgerTotals(db()));
    await Promise.all([...writes, ...folds]);
    expect(await totals()).toEqual(await sums());
    expect((await totals()).forfeited).toBeGreaterThanOrEqual(4);
    await foldLedgerTotals(db());
    expect(await totals()).toEqual(await sums());
    const { rows } = await sql<{ left: string }>`SELECT count(*)::text AS left FROM ledger_total_changes`.execute(db());
    expect(rows[0]?.left).toBe('0');
    expect((await findLedgerDiscrepancies(db())).filter((one) => one.column === 'ledger_totals')).toEqual([]);
  });

  it('finds no discrepancy in a sound ledger, and finds one when the totals are forced apart', async () => {
    // This file books bare credits (no reward rows behind them): the check names each as an
    // exact_rewards difference, and nothing else.
    const bare = (found: LedgerDiscrepancy[]) => found.filter((one) => one.column !== 'exact_rewards');
    expect(bare(await findLedgerDiscrepancies(db()))).toEqual([]);
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '2', 'r1')], at);
    expect((await findLedgerDiscrepancies(db())).filter((one) => one.userId === id)).toEqual([
      { userId: id, column: 'exact_rewards', account: '2.00000000', entries: '0' },
    ]);
    // Only a superuser bypassing every trigger can do this; the check must still notice.
    await db()
      .connection()
      .execute(async (connection) => {
        await sql`SET session_replication_role = replica`.execute(connection);
        await sql`UPDATE ledger_accounts SET credits_posted = 3.001, carry = 0.005 WHERE user_id = ${id}`.execute(
          connection,
        );
        await sql`SET session_replication_role = DEFAULT`.execute(connection);
      });
    expect(bare(await findLedgerDiscrepancies(db())).filter((one) => one.userId === id)).toEqual([
      { userId: id, column: 'carry', account: '0.00500000', entries: '0.00000000' },
      { userId: id, column: 'credits_posted', account: '3.00100000', entries: '2.00000000' },
      { userId: id, column: 'whole_cents', account: '3.00100000', entries: '3.00' },
    ]);
    // The totals over every account followed the entries, not the forced account.
    expect((await findLedgerDiscrepancies(db())).filter((one) => one.column === 'ledger_totals')).toEqual([
      expect.objectContaining({ userId: 'all accounts', account: expect.stringMatching(/^carry /) }),
      expect.objectContaining({ userId: 'all accounts', account: expect.stringMatching(/^credits_posted /) }),
    ]);
  });

  it('refuses a credit that is not whole cents, a carry beyond a cent, and a zero amount without carry', async () => {
    const id = await member();
    await expect(bookLedgerEntries(db(), [credit(id, '1.005', 'c1')], at)).rejects.toThrow(
      /ledger_entries_whole_cents/,
    );
    const zero = sql`INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id)`;
    await expect(sql`${zero} VALUES (${id}, 'CREDIT_POSTED', 0, 0, 'REWARD', 'c2')`.execute(db())).rejects.toThrow(
      /ledger_entries_amount_positive/,
    );
    await sql`${zero} VALUES (${id}, 'CREDIT_POSTED', 0, 0.006, 'REWARD', 'c3')`.execute(db());
    await expect(sql`${zero} VALUES (${id}, 'CREDIT_POSTED', 0, 0.006, 'REWARD', 'c4')`.execute(db())).rejects.toThrow(
      /ledger_accounts_carry_below_a_cent/,
    );
    await expect(
      sql`${zero} VALUES (${id}, 'DEBIT_PENDING', 1, 0.001, 'WITHDRAWAL', 'c5')`.execute(db()),
    ).rejects.toThrow(/ledger_entries_carry_of_credits/);
    expect(await findLedgerBalance(db(), id)).toMatchObject({ creditsPosted: '0.00000000', available: '0.00000000' });
  });

  it('lets concurrent holds take exactly what the balance covers', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '100', 'r1')], at);
    const attempts = Array.from({ length: 50 }, (_, index) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await lockLedgerAccount(trx, id);
          await bookLedgerEntries(trx, [hold(id, '10', `w-${index}`)], at);
        })
        .then(
          () => 'held',
          (error: unknown) => (isLedgerOverdraft(error) ? 'refused' : error),
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(40);
    expect(await findLedgerBalance(db(), id)).toMatchObject({ debitsPending: '100.00000000', available: '0.00000000' });
  });

  it('lets concurrent holds without an account lock still never overdraw', async () => {
    const id = await member();
    await bookLedgerEntries(db(), [credit(id, '30', 'r1')], at);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        bookLedgerEntries(db(), [hold(id, '7', `w-${index}`)], at).then(
          () => 'held',
          (error: unknown) => (isLedgerOverdraft(error) ? 'refused' : error),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(4);
    expect(await findLedgerBalance(db(), id)).toMatchObject({ debitsPending: '28.00000000', available: '2.00000000' });
  });
});
