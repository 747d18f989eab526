import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Administrators have no referral code (issue 43): the network root, the first administrator,
 * keeps the code the first members registered with; every other administrator loses theirs (the
 * invited ones had `admin-<uuid>`, which nobody could type anyway). An administrator who somehow
 * has members under them as their sponsor keeps the code, so that no tree is left naming a code
 * nobody holds; nobody registers under it any more (`findSponsorByReferralCode`). A member still
 * always has a code, and the search text reads a missing code as empty instead of losing the
 * whole row (the audit log searches administrators by it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ALTER COLUMN referral_code DROP NOT NULL,
      ADD CONSTRAINT users_members_have_referral_code CHECK (is_admin OR referral_code IS NOT NULL)`.execute(db);
  await sql`
    UPDATE users u SET referral_code = NULL
     WHERE u.is_admin
       AND u.seq <> (SELECT min(seq) FROM users WHERE is_admin)
       AND NOT EXISTS (SELECT 1 FROM users m WHERE m.sponsor_id = u.id)`.execute(db);
  await searchText(db, sql`coalesce(referral_code, '')`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE users SET referral_code = 'admin-' || gen_random_uuid() WHERE referral_code IS NULL`.execute(db);
  await sql`
    ALTER TABLE users
      DROP CONSTRAINT users_members_have_referral_code,
      ALTER COLUMN referral_code SET NOT NULL`.execute(db);
  await searchText(db, sql`referral_code`);
}

/** Migration 0050's search text with `code` in the referral code's place; its index is rebuilt. */
async function searchText(db: Kysely<unknown>, code: RawBuilder<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION user_search_text(first_name text, last_name text, email text, user_id text, referral_code text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT lower(first_name || ' ' || last_name || ' ' || email || ' ' || user_id || ' ' || ${code})
    $$`.execute(db);
  await sql`REINDEX INDEX users_search_idx`.execute(db);
}
