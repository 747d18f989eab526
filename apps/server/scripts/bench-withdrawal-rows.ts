import type pg from 'pg';

/**
 * Withdrawals in bulk, for the benches that need many (`bench-withdrawals`, `bench-replica`): one
 * per row of the temporary table `bench_rows (n, withdrawal_id, code_id, member_id)` that the
 * caller made in the client's open transaction, with triggers off (`session_replication_role =
 * replica`). Each gets its used code and its hold; one in twenty stays PENDING, one in twenty is
 * REJECTED and the rest are APPROVED by `administratorId`, requested n minutes ago. The
 * per-status totals, which the triggers would have kept, are set once at the end.
 */
export async function insertBenchWithdrawals(client: pg.ClientBase, administratorId: string): Promise<void> {
  await client.query(`
    INSERT INTO withdrawal_codes (id, user_id, code_hash, attempts, created_at, expires_at, verified_at, used_at)
    SELECT code_id, member_id, md5(n::text), 1, now() - make_interval(mins => n::int),
           now() - make_interval(mins => n::int) + interval '10 minutes', now() - make_interval(mins => n::int),
           now() - make_interval(mins => n::int)
      FROM bench_rows`);
  await client.query('ANALYZE bench_rows');
  await client.query(
    `
    WITH holds AS (
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
      SELECT member_id, 'DEBIT_PENDING', 1 + n % 500, 'WITHDRAWAL', withdrawal_id::text,
             now() - make_interval(mins => n::int)
        FROM bench_rows
      RETURNING id, reason_id
    )
    INSERT INTO withdrawals (id, user_id, amount, wallet_address, status, reason, transaction_hash, code_id,
                             hold_entry_id, requested_at, processed_at, processed_by)
    SELECT b.withdrawal_id, b.member_id, 1 + b.n % 500,
           '0x' || substr(md5(b.n::text) || md5((b.n + 1)::text), 1, 40),
           CASE WHEN b.n % 20 = 0 THEN 'PENDING' WHEN b.n % 20 = 1 THEN 'REJECTED' ELSE 'APPROVED' END,
           CASE WHEN b.n % 20 = 1 THEN 'bench' END,
           CASE WHEN b.n % 20 > 1 THEN '0x' || md5(b.n::text) || md5((b.n + 7)::text) END,
           b.code_id, h.id, now() - make_interval(mins => b.n::int),
           CASE WHEN b.n % 20 <> 0 THEN now() - make_interval(mins => b.n::int) END,
           CASE WHEN b.n % 20 <> 0 THEN $1::uuid END
      FROM bench_rows b
      JOIN holds h ON h.reason_id = b.withdrawal_id::text`,
    [administratorId],
  );
  await client.query(`
    UPDATE withdrawal_totals t
       SET withdrawals = s.withdrawals, amount = s.amount
      FROM (SELECT status, count(*) AS withdrawals, sum(amount) AS amount FROM withdrawals GROUP BY status) s
     WHERE t.status = s.status AND t.slot = 0`);
}
