import { type Kysely, sql } from 'kysely';

/**
 * Notices in the mail outbox (issue 25). A mail carries its own headers (List-Unsubscribe on a
 * notice), and a notice carries the key of the event it reports: unique, so a job that finds the
 * same event twice — or two runs at once — stores it once (INSERT … ON CONFLICT DO NOTHING).
 * Mail written one by one (verification, reset) has no key.
 *
 * The notice jobs are set-based: each is one INSERT … SELECT over the events whose moment fell in
 * (its cursor, now], so `notice_cursors` keeps where each job got to and a run after a pause takes
 * up the whole gap. The indexes make each run cost what its window holds, not what the tables hold:
 * open locks by creation (ledger_entries_pending_credits_idx, migration 0030), subscriptions by
 * their end (users_lapsed_idx, migration 0050), a cycle's ledger credits by cycle and pending
 * withdrawals by request (both below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN event_key text CONSTRAINT mail_outbox_event_once UNIQUE`.execute(db);
  await sql`
    CREATE TABLE notice_cursors (
      job text PRIMARY KEY,
      reached_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE INDEX ledger_entries_cycle_credits_idx ON ledger_entries (reason_id)
     WHERE reason_type = 'REWARD_CYCLE' AND settles_entry_id IS NULL`.execute(db);
  await sql`CREATE INDEX withdrawals_pending_created_idx ON withdrawals (requested_at) WHERE status = 'PENDING'`.execute(
    db,
  );
  // Text placed into a notice's HTML: the SQL twin of escapeHtml (mail/html.ts), pinned by a test.
  await sql`
    CREATE FUNCTION html_text(value text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                                           '"', '&quot;'), '''', '&#39;') $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION html_text(text)`.execute(db);
  await sql`DROP INDEX withdrawals_pending_created_idx, ledger_entries_cycle_credits_idx`.execute(db);
  await sql`DROP TABLE notice_cursors`.execute(db);
  await sql`ALTER TABLE mail_outbox DROP COLUMN event_key, DROP COLUMN headers`.execute(db);
}
