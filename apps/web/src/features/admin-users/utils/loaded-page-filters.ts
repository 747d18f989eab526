import type { RewardType } from '@uplink/contract/member-rewards';
import type { WithdrawalStatus } from '@uplink/contract/withdrawals';

/**
 * The user detail's tab filters work on the page already loaded (spec 5): they narrow what is
 * shown without asking the server again, and the footer still counts every record.
 */
export type RewardTypeFilter = RewardType | 'ALL';
export type WithdrawalStatusFilter = WithdrawalStatus | 'ALL';

/** The rows of the page whose `field` holds the chosen value, in page order; the whole page for 'ALL'. */
export function rowsWith<Row, Field extends keyof Row>(
  rows: readonly Row[],
  field: Field,
  value: Row[Field] | 'ALL',
): Row[] {
  return value === 'ALL' ? [...rows] : rows.filter((row) => row[field] === value);
}
