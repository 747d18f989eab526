import type { MemberSummary } from '@uplink/contract/member-summary';
import { type RawBuilder, sql } from 'kysely';

/**
 * The member summary's columns as a query reads them (`memberSummaryColumns`), each named after
 * `prefix`: `member_id`, `member_user_number`… unless the query reads two members.
 */
export type MemberSummaryRow<Prefix extends string = 'member'> = Record<
  `${Prefix}_id` | `${Prefix}_user_number` | `${Prefix}_first_name` | `${Prefix}_last_name` | `${Prefix}_email`,
  string
>;

/**
 * The columns of a member summary, read from the `users` row that `alias` names in the query and
 * prefixed (`member_` unless told) so they sit beside a withdrawal's or a line's own `id` and
 * `user_id`, or beside another member's.
 */
export function memberSummaryColumns<Prefix extends string = 'member'>(
  alias: string,
  prefix: Prefix = 'member' as Prefix,
): RawBuilder<MemberSummaryRow<Prefix>> {
  const u = sql.ref(alias);
  const as = (field: string) => sql.id(`${prefix}_${field}`);
  return sql<MemberSummaryRow<Prefix>>`${u}.id AS ${as('id')}, ${u}.user_id AS ${as('user_number')},
    ${u}.first_name AS ${as('first_name')}, ${u}.last_name AS ${as('last_name')}, ${u}.email AS ${as('email')}`;
}

/** Who the member is, as every admin list answers it, from the columns `prefix` names. */
export function toMemberSummary<Prefix extends string = 'member'>(
  row: MemberSummaryRow<Prefix>,
  prefix: Prefix = 'member' as Prefix,
): MemberSummary {
  return {
    _id: row[`${prefix}_id`],
    userId: row[`${prefix}_user_number`],
    firstName: row[`${prefix}_first_name`],
    lastName: row[`${prefix}_last_name`],
    email: row[`${prefix}_email`],
  };
}
