import { type RawBuilder, sql } from 'kysely';

/**
 * The amount a credit books (DESIGN.md section 5): the exact reward plus what the account
 * carried, rounded down to the cent; the entry's carry_delta is `exact − amount`. Every credit
 * goes through it: a cycle's, a direct reward's, and a released credit's sub-cent rest.
 * @rule WHOLE_CENTS_WITH_CARRY
 */
export const wholeCents = (exact: RawBuilder<unknown>, carry: RawBuilder<unknown>) =>
  sql`trunc(${exact} + ${carry}, 2)`;
