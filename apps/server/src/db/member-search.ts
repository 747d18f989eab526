import { type RawBuilder, sql } from 'kysely';

/** Escapes LIKE's wildcards so a search is taken literally, as a substring. */
export const likeSubstring = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * A case-insensitive substring of a member's name, e-mail, user ID or referral code, answered by
 * the trigram index `users_search_idx` (migration 0050). `alias` names the `users` row in the query.
 */
export function memberMatches(alias: string, search: string): RawBuilder<boolean> {
  const u = sql.ref(alias);
  return sql<boolean>`user_search_text(${u}.first_name, ${u}.last_name, ${u}.email, ${u}.user_id, ${u}.referral_code)
    LIKE ${likeSubstring(search.toLowerCase())}`;
}
