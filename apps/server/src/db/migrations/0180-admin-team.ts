import { type Kysely, sql } from 'kysely';

/**
 * Administrators become a team with roles (issue 33).
 *
 * - `users.admin_role` (OWNER, FINANCE, SUPPORT, ANALYST) and `users.admin_status` (ACTIVE,
 *   SUSPENDED) are set exactly for administrators; every administrator so far — the root
 *   administrator of ADMIN_EMAIL and any made by SQL — becomes an active OWNER. `invited_by` names
 *   the owner whose invitation made them (null for those from before, the root included).
 * - `admin_invitations`: one row per invitation, its link's token only as a SHA-256 hash. An
 *   invitation is PENDING until accepted (once), revoked or found expired; at most one PENDING
 *   invitation per address (`admin_invitations_one_pending`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN admin_role text CHECK (admin_role IN ('OWNER', 'FINANCE', 'SUPPORT', 'ANALYST')),
      ADD COLUMN admin_status text CHECK (admin_status IN ('ACTIVE', 'SUSPENDED')),
      ADD COLUMN invited_by uuid REFERENCES users (id)`.execute(db);
  await sql`UPDATE users SET admin_role = 'OWNER', admin_status = 'ACTIVE' WHERE is_admin`.execute(db);
  await sql`
    ALTER TABLE users
      ADD CONSTRAINT users_admin_role_of_administrators CHECK (is_admin = (admin_role IS NOT NULL)),
      ADD CONSTRAINT users_admin_status_of_administrators CHECK (is_admin = (admin_status IS NOT NULL))`.execute(db);

  await sql`
    CREATE TABLE admin_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      role text NOT NULL CHECK (role IN ('OWNER', 'FINANCE', 'SUPPORT', 'ANALYST')),
      token_hash text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED')),
      invited_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      closed_at timestamptz,
      administrator_id uuid REFERENCES users (id),
      CONSTRAINT admin_invitations_closed_when_not_pending CHECK ((status = 'PENDING') = (closed_at IS NULL)),
      CONSTRAINT admin_invitations_accepted_by_one CHECK ((status = 'ACCEPTED') = (administrator_id IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX admin_invitations_one_pending ON admin_invitations (lower(email))
     WHERE status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_invitations`.execute(db);
  await sql`
    ALTER TABLE users
      DROP CONSTRAINT users_admin_role_of_administrators,
      DROP CONSTRAINT users_admin_status_of_administrators,
      DROP COLUMN invited_by,
      DROP COLUMN admin_status,
      DROP COLUMN admin_role`.execute(db);
}
