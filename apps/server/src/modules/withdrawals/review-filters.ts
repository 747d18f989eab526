import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import { sql } from 'kysely';
import { likeSubstring, memberMatches } from '../../db/member-search';

/**
 * The filters of the administrators' withdrawal review, as one WHERE clause over `withdrawals w`
 * joined to their member `users u`: the review's list and count, the batch of pending withdrawals
 * a filter picks (payouts) and the review's CSV export (statements) all filter the same way.
 */
export interface ReviewFilters {
  search?: string;
  status?: WithdrawalStatus;
  memberId?: string;
}

export const reviewWhere = (filters: ReviewFilters) => sql`
    WHERE true
    ${filters.status ? sql`AND w.status = ${filters.status}` : sql``}
    ${filters.memberId ? sql`AND w.user_id = ${filters.memberId}` : sql``}
    ${
      filters.search
        ? sql`AND (${memberMatches('u', filters.search)} OR w.wallet_address ILIKE ${likeSubstring(filters.search)})`
        : sql``
    }`;
