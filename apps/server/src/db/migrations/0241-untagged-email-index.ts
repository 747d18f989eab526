import { type Kysely, sql } from 'kysely';

/**
 * EMAIL_ALIAS at medium (issue 43) finds the accounts whose e-mails differ only by a `+tag` at any
 * domain by an indexed lookup of the normalised e-mail without its tag (`untaggedEmailSql`, spelled
 * here as it stood then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX users_untagged_email_idx ON users ((regexp_replace(normalized_email, '^([^@+]+)\\+[^@]*@', '\\1@')))
     WHERE normalized_email IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_untagged_email_idx`.execute(db);
}
