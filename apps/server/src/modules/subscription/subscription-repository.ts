import { type Expression, type Kysely, sql } from 'kysely';
import type { UsdtTransfer } from '../../chain/deposit-chain';
import type { Database, UserRow } from '../../db/schema';

export interface ScanCursor {
  lastBlock: number;
  lastBlockHash: string | null;
}

export async function findCursor(db: Kysely<Database>, name: string): Promise<ScanCursor | null> {
  const row = await db.selectFrom('chain_scan_cursors').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? { lastBlock: Number(row.last_block), lastBlockHash: row.last_block_hash } : null;
}

export async function saveCursor(db: Kysely<Database>, name: string, cursor: ScanCursor): Promise<void> {
  await db
    .insertInto('chain_scan_cursors')
    .values({ name, last_block: cursor.lastBlock, last_block_hash: cursor.lastBlockHash })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        last_block: cursor.lastBlock,
        last_block_hash: cursor.lastBlockHash,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Deposit addresses the scanner watches (lower-case): every member's. Paid members are watched
 * too, so a payment made while a period runs is recorded and renews the next period.
 */
export async function watchedDepositAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(deposit_address)`.as('address'))
    .where('deposit_address', 'is not', null)
    .execute();
  return rows.map((row) => row.address);
}

/**
 * Records transfers once each (tx hash + log index is unique, so a log seen twice by the job,
 * an on-demand refresh or a re-scan adds nothing). Returns how many were new.
 */
export async function recordTransfers(
  db: Kysely<Database>,
  transfers: readonly (UsdtTransfer & { blockTime: Date })[],
): Promise<number> {
  if (transfers.length === 0) return 0;
  const incoming = JSON.stringify(
    transfers.map((transfer) => ({
      tx_hash: transfer.txHash,
      log_index: transfer.logIndex,
      block_number: transfer.blockNumber,
      block_hash: transfer.blockHash,
      block_time: transfer.blockTime.toISOString(),
      from_address: transfer.from,
      to_address: transfer.to,
      amount: transfer.amount,
    })),
  );
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO deposit_transfers
      (user_id, tx_hash, log_index, block_number, block_hash, block_time, from_address, to_address, amount)
    SELECT users.id, t.tx_hash, t.log_index, t.block_number, t.block_hash, t.block_time, t.from_address, t.to_address, t.amount
    FROM jsonb_to_recordset(${incoming}::jsonb) AS t(
      tx_hash text, log_index integer, block_number bigint, block_hash text, block_time timestamptz,
      from_address text, to_address text, amount numeric)
    JOIN users ON lower(users.deposit_address) = t.to_address
    ON CONFLICT (tx_hash, log_index) DO NOTHING
    RETURNING user_id`.execute(db);
  return rows.length;
}

/** A transfer the deposit ledger cannot hold, and why. */
export interface UnstorableTransfer {
  transfer: UsdtTransfer;
  reason: string;
}

/**
 * Sets aside transfers the deposit ledger cannot hold, once each (tx hash + log index): the scan
 * goes on past them. Resolves with the ones quarantined now (not those already set aside).
 */
export async function quarantineTransfers(
  db: Kysely<Database>,
  unstorable: readonly UnstorableTransfer[],
  at: Date,
): Promise<UnstorableTransfer[]> {
  if (unstorable.length === 0) return [];
  const added = await db
    .insertInto('deposit_quarantine')
    .values(
      unstorable.map(({ transfer, reason }) => ({
        tx_hash: transfer.txHash,
        log_index: transfer.logIndex,
        block_number: transfer.blockNumber,
        from_address: transfer.from,
        to_address: transfer.to,
        raw_amount: transfer.rawAmount,
        reason,
        quarantined_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['tx_hash', 'log_index']).doNothing())
    .returning(['tx_hash', 'log_index'])
    .execute();
  const isNew = new Set(added.map((row) => `${row.tx_hash}:${row.log_index}`));
  return unstorable.filter(({ transfer }) => isNew.has(`${transfer.txHash}:${transfer.logIndex}`));
}

/** The newest quarantined deposit logs, and how many there are in all. */
export async function findQuarantinedDeposits(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('deposit_quarantine')
    .selectAll()
    .orderBy('quarantined_at', 'desc')
    .orderBy('tx_hash')
    .orderBy('log_index')
    .limit(limit)
    .execute();
  const { total } = await db
    .selectFrom('deposit_quarantine')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Members not paid for the current period who hold transfers not yet used for a period. */
export async function membersWithUncreditedTransfers(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_transfers')
    .innerJoin('users', 'users.id', 'deposit_transfers.user_id')
    .select('users.id')
    .distinct()
    .where('deposit_transfers.credited_period_ends_at', 'is', null)
    .where((eb) =>
      eb.or([eb('users.subscription_period_ends_at', 'is', null), eb('users.subscription_period_ends_at', '<=', now)]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Block times come from validators' clocks, which may run behind ours by seconds or minutes. */
const clockSkewTolerance = sql.lit('15 minutes');

/** A value, or a column of an outer query (the caller view reads these as a subquery). */
type Operand<T> = T | Expression<T>;

/**
 * A member's confirmed transfers that may still pay a period: not yet used for one, and made
 * since the account exists (by block time, allowing for the validators' clock running behind).
 * Crediting and the subscription status both read them through this one rule.
 */
export function unusedTransfers(db: Kysely<Database>, memberId: Operand<string>, memberCreatedAt: Operand<Date>) {
  return db
    .selectFrom('deposit_transfers')
    .where('deposit_transfers.user_id', '=', memberId)
    .where('deposit_transfers.credited_period_ends_at', 'is', null)
    .where(
      'deposit_transfers.block_time',
      '>=',
      sql<Date>`${memberCreatedAt}::timestamptz - ${clockSkewTolerance}::interval`,
    );
}

/** NUMERIC as a string: the sum of the member's unused transfers (see `unusedTransfers`). */
export function unusedTransferTotalQuery(
  db: Kysely<Database>,
  memberId: Operand<string>,
  memberCreatedAt: Operand<Date>,
) {
  return unusedTransfers(db, memberId, memberCreatedAt).select(
    sql<string>`coalesce(sum(deposit_transfers.amount), 0)::text`.as('total'),
  );
}

export async function unusedTransferTotal(
  db: Kysely<Database>,
  memberId: string,
  memberCreatedAt: Date,
): Promise<string> {
  const row = await unusedTransferTotalQuery(db, memberId, memberCreatedAt).executeTakeFirstOrThrow();
  return row.total;
}

/** The member row a crediting transaction holds locked, so two crediting runs take turns. */
export function lockMemberForCrediting(trx: Kysely<Database>, memberId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'created_at', 'subscription_period_ends_at'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export interface SubscriptionPeriod {
  paidAt: Date;
  periodEndsAt: Date;
  /** Every transfer taken into the period (an overpayment included). */
  amount: string;
  /** The transfer that completed the fee. */
  transactionHash: string;
  transferIds: readonly string[];
}

/** Records a paid period on the member and marks its transfers used for it. */
export async function startSubscriptionPeriod(
  trx: Kysely<Database>,
  memberId: string,
  period: SubscriptionPeriod,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      subscription_paid_at: period.paidAt,
      subscription_period_ends_at: period.periodEndsAt,
      subscription_amount: period.amount,
      subscription_tx_hash: period.transactionHash,
      updated_at: now,
    })
    .where('id', '=', memberId)
    .execute();
  await trx
    .updateTable('deposit_transfers')
    .set({ credited_period_ends_at: period.periodEndsAt })
    .where('id', 'in', period.transferIds)
    .execute();
}

export async function findDepositAddress(db: Kysely<Database>, memberId: string): Promise<string | null> {
  const member = await db.selectFrom('users').select('deposit_address').where('id', '=', memberId).executeTakeFirst();
  return member?.deposit_address ?? null;
}

export async function findDepositAddressByEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const member = await db
    .selectFrom('users')
    .select('deposit_address')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return member?.deposit_address ?? null;
}

/** The end of the last expiry sweep, locked until the transaction ends (one sweep at a time). */
export async function lockExpirySweepCheckpoint(trx: Kysely<Database>): Promise<Date> {
  const checkpoint = await sql<{ swept_until: Date }>`
    SELECT swept_until FROM subscription_expiry_checkpoint FOR UPDATE`.execute(trx);
  return checkpoint.rows[0]?.swept_until ?? new Date(0);
}

/** Clears the paid flag on the closure rows of members whose period ended in (after, until]. */
export async function markLapsedSubscriptionsUnpaid(trx: Kysely<Database>, after: Date, until: Date): Promise<number> {
  const lapsed = await sql`
    UPDATE referral_closure c
       SET member_subscription_paid = false
      FROM users u
     WHERE u.subscription_period_ends_at > ${after}
       AND u.subscription_period_ends_at <= ${until}
       AND c.descendant_id = u.id
       AND c.member_subscription_paid`.execute(trx);
  return Number(lapsed.numAffectedRows ?? 0);
}

export async function saveExpirySweepCheckpoint(trx: Kysely<Database>, sweptUntil: Date): Promise<void> {
  await sql`UPDATE subscription_expiry_checkpoint SET swept_until = ${sweptUntil}`.execute(trx);
}

/** A member's subscription as it stands now (read again after a scan may have paid it). */
export function findSubscriptionColumns(
  db: Kysely<Database>,
  memberId: string,
): Promise<
  | Pick<
      UserRow,
      | 'id'
      | 'created_at'
      | 'subscription_paid_at'
      | 'subscription_period_ends_at'
      | 'subscription_amount'
      | 'subscription_tx_hash'
    >
  | undefined
> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'created_at',
      'subscription_paid_at',
      'subscription_period_ends_at',
      'subscription_amount',
      'subscription_tx_hash',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}
