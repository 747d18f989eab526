import { toWireMoney } from '@uplink/contract/money';
import { type ReferralTree, type ReferralTreeNode, referralTreeNodeLimit } from '@uplink/contract/referrals';
import { toRewardFigures } from '@uplink/contract/reward-figures';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { callerView, credentialColumns } from '../../http/caller-view';
import { findRoundedRewardsSum } from '../rewards/rewards-repository';
import { downlineTreeStatistics, findDownlineTree, type TreeNodeRow } from './referral-network-repository';

/** The caller as the tree's header and statistics cards show them, read with the session check. */
export const referralTreeCaller = callerView('referral-tree', (db) =>
  db
    .selectFrom('users')
    .select((eb) => [
      ...credentialColumns,
      'first_name',
      'last_name',
      'email',
      'user_id',
      ...downlineTreeStatistics(eb.ref('users.id')),
    ]),
);

/**
 * The caller's referral tree down to `maxLevels`, nested by sponsor, siblings oldest first.
 * Bounded by `referralTreeNodeLimit` nodes (whole levels first). The statistics and each node's
 * `totalDescendants` always cover the whole downline, however many levels are shown.
 */
export async function viewReferralTree(
  db: Kysely<Database>,
  caller: ReturnType<typeof referralTreeCaller.of>,
  maxLevels: number,
  nodeLimit = referralTreeNodeLimit,
): Promise<ReferralTree> {
  const [rows, roundedRows] = await Promise.all([
    findDownlineTree(db, caller.id, maxLevels, nodeLimit + 1),
    findRoundedRewardsSum(db, caller.id),
  ]);
  const truncated = rows.length > nodeLimit;
  const nodes = truncated ? keepFirstLevels(rows, nodeLimit) : rows;

  const ledger = {
    credited: caller.tree_credited,
    locked: caller.tree_locked,
    forfeited: caller.tree_forfeited,
    carried: caller.tree_carried,
  };
  // Credited or locked: what the network has earned the caller (forfeited credits are not earnings).
  const earnings = new Decimal(ledger.credited).plus(ledger.locked);
  return {
    userInfo: {
      firstName: caller.first_name,
      lastName: caller.last_name,
      email: caller.email,
      userId: caller.user_id,
    },
    referralTree: nest(nodes),
    statistics: {
      totalReferrals: caller.total_referrals,
      directReferrals: caller.direct_referrals,
      indirectReferrals: caller.total_referrals - caller.direct_referrals,
      maxDepthReached: caller.max_depth_reached,
      totalEarningsFromTree: toWireMoney(earnings),
      averageEarningsPerReferral:
        caller.total_referrals === 0 ? 0 : toWireMoney(earnings.dividedBy(caller.total_referrals)),
    },
    // The same line as the rewards screens: what the member's reward rows, each to the cent, add to.
    figures: toRewardFigures(ledger, 'member', roundedRows),
    maxLevels,
    truncated,
    nodeLimit,
  };
}

/** The database returns levels in order, so the first `limit` rows by level keep every sponsor. */
function keepFirstLevels(rows: TreeNodeRow[], limit: number): TreeNodeRow[] {
  return [...rows].sort((a, b) => a.level - b.level).slice(0, limit);
}

function nest(rows: TreeNodeRow[]): ReferralTreeNode[] {
  const ordered = [...rows].sort(
    (a, b) => a.level - b.level || a.joined_at.getTime() - b.joined_at.getTime() || a.id.localeCompare(b.id),
  );
  const byId = new Map<string, ReferralTreeNode>();
  const roots: ReferralTreeNode[] = [];
  for (const row of ordered) {
    const node: ReferralTreeNode = {
      _id: row.id,
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      level: row.level,
      hasChildren: row.total_descendants > 0,
      children: [],
      totalDescendants: row.total_descendants,
      totalRewards: toWireMoney(row.earned_by_caller),
    };
    byId.set(node._id, node);
    if (row.level === 1) roots.push(node);
    else byId.get(row.sponsor_id)?.children.push(node);
  }
  return roots;
}
