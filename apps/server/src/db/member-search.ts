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

/**
 * A member as every member list, count, report and export means one: not deleted, and not an
 * administrator — administrators are users of the admin area, never members of the network.
 * `alias` names the `users` row in the query; the maintained counts follow the same rule
 * (`user_counts_follow`, db/functions/user-counts-follow.ts).
 * @rule ADMINISTRATORS_ARE_NOT_MEMBERS
 */
export function isListedMember(alias: string): RawBuilder<boolean> {
  const u = sql.ref(alias);
  return sql<boolean>`${u}.deleted_at IS NULL AND NOT ${u}.is_admin`;
}
