import type { MemberSummary } from '@uplink/contract/member-summary';
import { type RawBuilder, sql } from 'kysely';

/** The member summary's columns as a query reads them (`memberSummaryColumns`). */
export interface MemberSummaryRow {
  member_id: string;
  member_user_number: string;
  member_first_name: string;
  member_last_name: string;
  member_email: string;
}

/**
 * The columns of a member summary, read from the `users` row that `alias` names in the query and
 * prefixed `member_` so they sit beside a withdrawal's or a line's own `id` and `user_id`.
 */
export function memberSummaryColumns(alias: string): RawBuilder<MemberSummaryRow> {
  const u = sql.ref(alias);
  return sql<MemberSummaryRow>`${u}.id AS member_id, ${u}.user_id AS member_user_number,
    ${u}.first_name AS member_first_name, ${u}.last_name AS member_last_name, ${u}.email AS member_email`;
}

/** Who the member is, as every admin list answers it. */
export function toMemberSummary(row: MemberSummaryRow): MemberSummary {
  return {
    _id: row.member_id,
    userId: row.member_user_number,
    firstName: row.member_first_name,
    lastName: row.member_last_name,
    email: row.member_email,
  };
}
