import type { LedgerReasonType, LedgerSettlement, OpeningLedgerEntryKind } from '@uplink/contract/ledger';
import type { RewardLedgerTotals } from '@uplink/contract/reward-figures';
import { type Kysely, sql } from 'kysely';
import { violatedConstraint } from '../../db/constraint-violations';
import type { Database, LedgerEntryRow } from '../../db/schema';
import { wholeCents } from './whole-cents';

/**
 * The ledger (migration 0010): entries are appended here, and the database applies each to its
 * account in the same statement, refuses an overdraft, a second booking of the same reason and a
 * second settlement of a pending entry. Callers compose these functions inside their own
 * transaction with the event that causes the movement (a reward, a withdrawal).
 */

export interface NewLedgerEntry {
  accountId: string;
  kind: OpeningLedgerEntryKind;
  /** Positive decimal string, whole cents (at most 2 decimals: `ledger_entries_whole_cents`). */
  amount: string;
  reasonType: LedgerReasonType;
  reasonId: string;
}

/** Books opening entries (credits, locked credits, holds, reversals) in one statement. */
export async function bookLedgerEntries(
  db: Kysely<Database>,
  entries: readonly NewLedgerEntry[],
  at: Date,
): Promise<LedgerEntryRow[]> {
  if (entries.length === 0) return [];
  return db
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        account_id: entry.accountId,
        kind: entry.kind,
        amount: entry.amount,
        reason_type: entry.reasonType,
        reason_id: entry.reasonId,
        created_at: at,
      })),
    )
    .returningAll()
    .execute();
}

/**
 * Posts or voids a pending entry: a locked reward is released or forfeited, a withdrawal hold is
 * settled or voided. Undefined when there is no such pending entry; a second settlement is
 * refused by the database (`isLedgerEntryAlreadySettled`).
 */
export async function settleLedgerEntry(
  db: Kysely<Database>,
  pendingEntryId: string,
  settlement: LedgerSettlement,
  at: Date,
): Promise<LedgerEntryRow | undefined> {
  const [settled] = await settleLedgerEntries(db, [{ pendingEntryId, settlement }], at);
  return settled;
}

/**
 * Posts or voids many pending entries in one statement (the trigger applies them to their
 * accounts at once), written in account order; the settlements of the entries that are pending.
 * Lock the accounts first where several are touched (`lockLedgerAccounts`).
 */
export async function settleLedgerEntries(
  db: Kysely<Database>,
  settlements: readonly { pendingEntryId: string; settlement: LedgerSettlement }[],
  at: Date,
): Promise<LedgerEntryRow[]> {
  if (settlements.length === 0) return [];
  const { rows } = await sql<LedgerEntryRow>`
    INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, settles_entry_id, created_at)
    SELECT e.account_id,
           CASE WHEN e.kind = 'CREDIT_PENDING' AND s.settlement = 'POST' THEN 'CREDIT_RELEASED'
                WHEN e.kind = 'CREDIT_PENDING' THEN 'CREDIT_FORFEITED'
                WHEN s.settlement = 'POST' THEN 'DEBIT_SETTLED'
                ELSE 'DEBIT_VOIDED' END,
           e.amount, e.reason_type, e.reason_id, e.id, ${at}
      FROM unnest(${settlements.map((one) => one.pendingEntryId)}::bigint[],
                  ${settlements.map((one) => one.settlement)}::text[]) AS s(entry_id, settlement)
      JOIN ledger_entries e ON e.id = s.entry_id
     WHERE e.kind IN ('CREDIT_PENDING', 'DEBIT_PENDING')
     ORDER BY e.account_id, e.id
    RETURNING *`.execute(db);
  return rows;
}

/**
 * After older locked credits of exact (sub-cent) amounts were released onto these accounts: books
 * each available balance's sub-cent part again as an exact credit, in whole cents with the carry
 * (`wholeCents`, as every credit): the part is taken back and `wholeCents(part, carry)` (no cent,
 * or the one the carry completes) credited, so the entry is a CREDIT_REVERSED of the part, carried,
 * or a CREDIT_POSTED of what the balance lacks of the next cent, out of the carry — the balance is
 * whole cents again and Σ exact = Σ credits + carry still holds. Reason CENTS_CONVERSION, once per released entry.
 * Locks the accounts in id order; call it in the release's transaction.
 */
export async function carryReleasedRemainders(
  db: Kysely<Database>,
  released: readonly { accountId: string; pendingEntryId: string }[],
  at: Date,
): Promise<void> {
  if (released.length === 0) return;
  await sql`
    WITH released AS (
      SELECT account_id, min(pending_id) AS pending_id
        FROM unnest(${released.map((one) => one.accountId)}::uuid[], ${released.map((one) => one.pendingEntryId)}::bigint[])
             AS r(account_id, pending_id)
       GROUP BY account_id
    ),
    accounts AS MATERIALIZED (
      SELECT a.user_id, a.carry, a.credits_posted - a.debits_posted - a.debits_pending AS available
        FROM ledger_accounts a
       WHERE a.user_id IN (SELECT account_id FROM released)
       ORDER BY a.user_id
         FOR UPDATE OF a
    ),
    remainders AS (
      SELECT a.user_id, a.carry, a.available - trunc(a.available, 2) AS remainder, r.pending_id
        FROM accounts a JOIN released r ON r.account_id = a.user_id
       WHERE a.available <> trunc(a.available, 2)
    ),
    rebooked AS (
      SELECT user_id, pending_id, ${wholeCents(sql`remainder`, sql`carry`)} - remainder AS change
        FROM remainders
    )
    INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id, created_at)
    SELECT user_id, CASE WHEN change < 0 THEN 'CREDIT_REVERSED' ELSE 'CREDIT_POSTED' END, abs(change), -change,
           'CENTS_CONVERSION', 'release-' || pending_id, ${at}
      FROM rebooked
     ORDER BY user_id`.execute(db);
}

export interface LedgerBalance {
  /** Total Earned. */
  creditsPosted: string;
  /** Locked rewards. */
  creditsPending: string;
  /** Total Withdrawn. */
  debitsPosted: string;
  /** Withdrawals on hold. */
  debitsPending: string;
  /** credits posted − debits posted − debits pending. */
  available: string;
}

/** The member's balances, read from their account row (O(1), however long their history). */
export async function findLedgerBalance(db: Kysely<Database>, userId: string): Promise<LedgerBalance | undefined> {
  return db
    .selectFrom('ledger_accounts')
    .select([
      sql<string>`credits_posted::text`.as('creditsPosted'),
      sql<string>`credits_pending::text`.as('creditsPending'),
      sql<string>`debits_posted::text`.as('debitsPosted'),
      sql<string>`debits_pending::text`.as('debitsPending'),
      sql<string>`(credits_posted - debits_posted - debits_pending)::text`.as('available'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What the member's exact rewards became in the ledger: credited (posted), locked, forfeited and
 * the remainder carried (NUMERIC strings), so that Σ exact rewards = their sum
 * (`rewardFiguresNote`). The account row, and the member's forfeits through their entries' index.
 */
export async function findRewardLedgerTotals(
  db: Kysely<Database>,
  userId: string,
): Promise<RewardLedgerTotals | undefined> {
  const { rows } = await sql<RewardLedgerTotals>`
    SELECT a.credits_posted::text AS credited, a.credits_pending::text AS locked, a.carry::text AS carried,
           (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e
             WHERE e.account_id = a.user_id AND e.kind = 'CREDIT_FORFEITED')::text AS forfeited
      FROM ledger_accounts a
     WHERE a.user_id = ${userId}`.execute(db);
  return rows[0];
}

/**
 * When the member's newest reward was credited or locked, or their newest withdrawal was asked
 * for: the moment of their newest opening entry of a reward or withdrawal (booked at the moment of
 * its reward or request), among the account's entries (one a cycle, reward or withdrawal: few). Null before any.
 */
export async function findLatestActivityAt(db: Kysely<Database>, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('created_at')
    .where('account_id', '=', userId)
    .where('settles_entry_id', 'is', null)
    .where('reason_type', 'in', ['REWARD', 'REWARD_CYCLE', 'WITHDRAWAL'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Locks the member's account row until the transaction ends, so checks that span several rows
 * (the number of pending withdrawals, say) cannot interleave for one member.
 *
 * The lock order of money work, one for every path (PostgreSQL breaks any other order with a
 * deadlock, which used to answer 500 when a member was deleted while they withdrew):
 *   1. the member's `users` row — taken here FOR SHARE (so the status read under it stays true
 *      until commit), FOR UPDATE by administrators' actions on the member (status, delete), and
 *      FOR KEY SHARE by any row written with a foreign key to the member (a reward, a withdrawal);
 *   2. a `withdrawals` row (`lockWithdrawal`: a decision, a payment claim);
 *   3. the member's `ledger_accounts` row — here, or implicitly by the trigger that applies a
 *      ledger entry to it.
 * A path may skip a step, never go back to an earlier one: a reward is inserted before its ledger
 * entry, a withdrawal's hold is booked after this lock. Transactions that still lose a race to
 * PostgreSQL's deadlock detector run again whole (`moneyTransaction`).
 */
export async function lockLedgerAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forShare().execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('user_id')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks several members' account rows, in id order (the order every path that locks more than one
 * takes): a set-based settlement after its withdrawals' rows, as `lockLedgerAccount`'s order asks.
 */
export async function lockLedgerAccounts(db: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`
    SELECT count(*) FROM (SELECT user_id FROM ledger_accounts WHERE user_id = ANY(${[...new Set(userIds)]}::uuid[])
                           ORDER BY user_id FOR UPDATE) AS locked`.execute(db);
}

/** The newest entries of an account first. */
export function findLedgerEntries(db: Kysely<Database>, userId: string, limit: number): Promise<LedgerEntryRow[]> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface LedgerDiscrepancy {
  userId: string;
  /**
   * `ledger_account`: the member has no account at all (`account` is 'missing'); a total or the
   * carry that differs from the sum of the entries; `exact_rewards`: Σ of the member's exact
   * rewards (`entries`) ≠ Σ of their opening credits, reversals taken off, + carry (`account`);
   * `whole_cents`: an available balance that is not whole cents (`account`); `ledger_totals`: a
   * figure of the totals over every account (migration 0170, `userId` 'all accounts') that differs
   * from the sum of the accounts (`account`: the figure's name and its total, `entries`: the sum).
   */
  column:
    | 'credits_posted'
    | 'credits_pending'
    | 'debits_posted'
    | 'debits_pending'
    | 'carry'
    | 'exact_rewards'
    | 'whole_cents'
    | 'ledger_account'
    | 'ledger_totals';
  account: string;
  entries: string;
}

/**
 * Members without a ledger account, accounts whose totals or carry differ from the sum of their
 * entries, members whose exact rewards differ from their credits plus carry (DESIGN.md section 5)
 * and available balances that are not whole cents: always none, unless the ledger is broken. The
 * rewards of a cycle still being distributed count for a beneficiary once their credit is booked
 * (`reward_cycle_progress`: a run under way, or one a killed process left for the next run). A
 * member without an account (a bulk load that switched the opening trigger off) fails every
 * credit, hold and balance read.
 */
export async function findLedgerDiscrepancies(db: Kysely<Database>, limit = 100): Promise<LedgerDiscrepancy[]> {
  const { rows } = await sql<LedgerDiscrepancy>`
    WITH sums AS (
      SELECT account_id,
             coalesce(sum(amount) FILTER (WHERE kind IN ('CREDIT_POSTED', 'CREDIT_RELEASED')), 0)
               - coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_REVERSED'), 0) AS credits_posted,
             coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_PENDING'), 0)
               - coalesce(sum(amount) FILTER (WHERE kind IN ('CREDIT_RELEASED', 'CREDIT_FORFEITED')), 0) AS credits_pending,
             coalesce(sum(amount) FILTER (WHERE kind = 'DEBIT_SETTLED'), 0) AS debits_posted,
             coalesce(sum(amount) FILTER (WHERE kind = 'DEBIT_PENDING'), 0)
               - coalesce(sum(amount) FILTER (WHERE kind IN ('DEBIT_SETTLED', 'DEBIT_VOIDED')), 0) AS debits_pending,
             sum(carry_delta) AS carry,
             coalesce(sum(amount) FILTER (WHERE kind IN ('CREDIT_POSTED', 'CREDIT_PENDING')), 0)
               - coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_REVERSED'), 0) AS credited,
             coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_FORFEITED'), 0) AS forfeited
        FROM ledger_entries
       GROUP BY account_id),
    overall AS (
      SELECT coalesce(sum(credits_posted), 0) AS credits_posted, coalesce(sum(credits_pending), 0) AS credits_pending,
             (SELECT coalesce(sum(forfeited), 0) FROM sums) AS credits_forfeited,
             coalesce(sum(debits_posted), 0) AS debits_posted, coalesce(sum(debits_pending), 0) AS debits_pending,
             coalesce(sum(carry), 0) AS carry
        FROM ledger_accounts),
    kept AS (${ledgerTotalsNow}),
    exact AS (
      SELECT r.beneficiary_id AS account_id, sum(r.reward_amount) AS rewards
        FROM rewards r
       -- A cycle under way (or left half-way) has rewards its ledger chunks have not booked yet:
       -- those of a beneficiary without the cycle's entry count once it is booked, not before.
       WHERE NOT (r.type = 'DOWNLINE'
                  AND r.cycle IN (SELECT cycle FROM reward_cycle_progress)
                  AND NOT EXISTS (SELECT 1 FROM ledger_entries e
                                   WHERE e.account_id = r.beneficiary_id AND e.reason_type = 'REWARD_CYCLE'
                                     AND e.reason_id = r.cycle::text))
       GROUP BY r.beneficiary_id),
    compared AS (
      SELECT a.user_id,
             a.credits_posted, coalesce(s.credits_posted, 0) AS sum_credits_posted,
             a.credits_pending, coalesce(s.credits_pending, 0) AS sum_credits_pending,
             a.debits_posted, coalesce(s.debits_posted, 0) AS sum_debits_posted,
             a.debits_pending, coalesce(s.debits_pending, 0) AS sum_debits_pending,
             a.carry, coalesce(s.carry, 0) AS sum_carry,
             coalesce(s.credited, 0) + a.carry AS credited_and_carried, coalesce(x.rewards, 0) AS exact_rewards,
             a.credits_posted - a.debits_posted - a.debits_pending AS available
        FROM ledger_accounts a
        LEFT JOIN sums s ON s.account_id = a.user_id
        LEFT JOIN exact x ON x.account_id = a.user_id)
    SELECT * FROM (
      SELECT u.id::text AS "userId", 'ledger_account' AS "column", 'missing' AS account, '0' AS entries
        FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = u.id)
      UNION ALL
      SELECT user_id::text, c.total, c.account::text, c.entries::text
        FROM compared,
             LATERAL (VALUES ('credits_posted', credits_posted, sum_credits_posted),
                             ('credits_pending', credits_pending, sum_credits_pending),
                             ('debits_posted', debits_posted, sum_debits_posted),
                             ('debits_pending', debits_pending, sum_debits_pending),
                             ('carry', carry, sum_carry),
                             ('exact_rewards', credited_and_carried, exact_rewards),
                             ('whole_cents', available, trunc(available, 2))) AS c(total, account, entries)
       WHERE c.account <> c.entries
      UNION ALL
      SELECT 'all accounts', 'ledger_totals', c.figure || ' ' || c.kept::text, c.summed::text
        FROM kept, overall,
             LATERAL (VALUES ('credits_posted', kept.credits_posted, overall.credits_posted),
                             ('credits_pending', kept.credits_pending, overall.credits_pending),
                             ('credits_forfeited', kept.credits_forfeited, overall.credits_forfeited),
                             ('debits_posted', kept.debits_posted, overall.debits_posted),
                             ('debits_pending', kept.debits_pending, overall.debits_pending),
                             ('carry', kept.carry, overall.carry)) AS c(figure, kept, summed)
       WHERE c.kept <> c.summed
    ) AS found
     ORDER BY "userId", "column", account
     LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The totals over every account as they stand: the folded row of `ledger_totals` plus the changes
 * appended since (migration 0170). NUMERIC columns named as the account's.
 */
const ledgerTotalsNow = sql`
  SELECT t.credits_posted + c.credits_posted AS credits_posted, t.credits_pending + c.credits_pending AS credits_pending,
         t.credits_forfeited + c.credits_forfeited AS credits_forfeited, t.debits_posted + c.debits_posted AS debits_posted,
         t.debits_pending + c.debits_pending AS debits_pending, t.carry + c.carry AS carry
    FROM ledger_totals t,
         (SELECT coalesce(sum(credits_posted), 0) AS credits_posted, coalesce(sum(credits_pending), 0) AS credits_pending,
                 coalesce(sum(credits_forfeited), 0) AS credits_forfeited, coalesce(sum(debits_posted), 0) AS debits_posted,
                 coalesce(sum(debits_pending), 0) AS debits_pending, coalesce(sum(carry), 0) AS carry
            FROM ledger_total_changes) AS c`;

/** Every member's rewards as the ledger holds them, summed over all accounts (credited, locked, forfeited, carried). */
export async function findAllRewardLedgerTotals(db: Kysely<Database>): Promise<RewardLedgerTotals> {
  const { rows } = await sql<RewardLedgerTotals>`
    SELECT credits_posted::text AS credited, credits_pending::text AS locked,
           credits_forfeited::text AS forfeited, carry::text AS carried
      FROM (${ledgerTotalsNow}) AS totals`.execute(db);
  const totals = rows[0];
  // Migration 0170 writes the one row of ledger_totals.
  if (!totals) throw new Error('ledger_totals holds no row');
  return totals;
}

/** Moves the committed changes into the totals' row (the `ledger-totals-fold` job); answers how many it folded. */
export async function foldLedgerTotals(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ folded: string }>`SELECT fold_ledger_totals()::text AS folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/** The database refused a movement that would make the available balance negative. */
export const isLedgerOverdraft = (error: unknown) => violatedConstraint(error) === 'ledger_accounts_no_overdraft';

/** The database refused a second booking of the same reason on one account. */
export const isDuplicateLedgerEntry = (error: unknown) => violatedConstraint(error) === 'ledger_entries_reason_once';

/** The database refused a second settlement of one pending entry. */
export const isLedgerEntryAlreadySettled = (error: unknown) =>
  violatedConstraint(error) === 'ledger_entries_settled_once';
