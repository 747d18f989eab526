import { type Kysely, sql } from 'kysely';

/**
 * Risk holds the one who made the link (issue 43). An address rule's event names every member at
 * the address but holds only those who came to it by their own act once it was someone else's:
 *
 * - `risk_event_members.earlier_holder`: the member was at the address first (their own earlier
 *   payouts, subscription or deposit address): named, not held, unless an administrator extends
 *   the hold to them (`hold_extended_by`, `hold_extended_at`).
 * - `withdrawal_address_attempts`: a withdrawal refused at request time because the address had
 *   received payouts for another account, kept for the rules as a later act at the address.
 *
 * The open events of SHARED_WITHDRAWAL_WALLET and CIRCULAR_FUNDS are fixed: each member's first
 * act at the address (a withdrawal to it, a credited subscription paid from it, the deposit address
 * it is) is read, and those whose first act is the event's earliest are its earlier holders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE risk_event_members
      ADD COLUMN earlier_holder boolean NOT NULL DEFAULT false,
      ADD COLUMN hold_extended_by uuid REFERENCES users (id),
      ADD COLUMN hold_extended_at timestamptz,
      ADD CONSTRAINT risk_event_members_extension_whole CHECK ((hold_extended_by IS NULL) = (hold_extended_at IS NULL))`.execute(
    db,
  );
  await sql`
    CREATE TABLE withdrawal_address_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      address text NOT NULL CHECK (address = lower(address)),
      attempted_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX withdrawal_address_attempts_address_idx ON withdrawal_address_attempts (address, attempted_at)`.execute(
    db,
  );
  await sql`
    WITH acts AS (
      SELECT em.event_id, em.user_id,
             least(
               (SELECT min(w.requested_at) FROM withdrawals w
                 WHERE w.user_id = em.user_id AND lower(w.wallet_address) = e.cluster_key),
               (SELECT min(d.block_time) FROM deposit_transfers d
                 WHERE d.user_id = em.user_id AND lower(d.from_address) = e.cluster_key
                   AND d.credited_period_ends_at IS NOT NULL),
               (SELECT u.created_at FROM users u WHERE u.id = em.user_id AND lower(u.deposit_address) = e.cluster_key)
             ) AS first_act
        FROM risk_event_members em JOIN risk_events e ON e.id = em.event_id
       WHERE e.rule IN ('SHARED_WITHDRAWAL_WALLET', 'CIRCULAR_FUNDS') AND e.status = 'OPEN'
    ), earliest AS (
      SELECT event_id, min(first_act) AS first_act FROM acts GROUP BY event_id
    )
    UPDATE risk_event_members em SET earlier_holder = true
      FROM acts a JOIN earliest f ON f.event_id = a.event_id AND f.first_act = a.first_act
     WHERE em.event_id = a.event_id AND em.user_id = a.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_address_attempts`.execute(db);
  await sql`
    ALTER TABLE risk_event_members
      DROP COLUMN earlier_holder, DROP COLUMN hold_extended_by, DROP COLUMN hold_extended_at`.execute(db);
}
