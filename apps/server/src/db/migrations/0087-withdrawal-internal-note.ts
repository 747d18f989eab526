import { type Kysely, sql } from 'kysely';

/**
 * An administrator's internal note on a decision, kept apart from `reason` (what the member is
 * told: a rejection's or block's reason, an approval's note): seen only by administrators, never
 * sent to the member. At most 500 characters, as the decision request allows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN internal_note text,
      ADD CONSTRAINT withdrawals_internal_note_length CHECK (internal_note IS NULL OR char_length(internal_note) <= 500)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN internal_note`.execute(db);
}
