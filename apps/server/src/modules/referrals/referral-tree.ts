import { toWireMoney } from '@uplink/contract/money';
import { type ReferralTree, type ReferralTreeNode, referralTreeNodeLimit } from '@uplink/contract/referrals';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { findDownlineTree, findDownlineTreeStatistics, type TreeNodeRow } from './referral-network-repository';

/**
 * The caller's referral tree down to `maxLevels`, nested by sponsor, siblings oldest first.
 * Bounded by `referralTreeNodeLimit` nodes (whole levels first). The statistics and each node's
 * `totalDescendants` always cover the whole downline, however many levels are shown.
 */
export async function viewReferralTree(
  db: Kysely<Database>,
  caller: UserRow,
  maxLevels: number,
  nodeLimit = referralTreeNodeLimit,
): Promise<ReferralTree> {
  const [rows, statistics] = await Promise.all([
    findDownlineTree(db, caller.id, maxLevels, nodeLimit + 1),
    findDownlineTreeStatistics(db, caller.id),
  ]);
  const truncated = rows.length > nodeLimit;
  const nodes = truncated ? keepFirstLevels(rows, nodeLimit) : rows;

  const earnings = new Decimal(statistics.earned_from_tree);
  return {
    userInfo: {
      firstName: caller.first_name,
      lastName: caller.last_name,
      email: caller.email,
      userId: caller.user_id,
    },
    referralTree: nest(nodes),
    statistics: {
      totalReferrals: statistics.total_referrals,
      directReferrals: statistics.direct_referrals,
      indirectReferrals: statistics.total_referrals - statistics.direct_referrals,
      maxDepthReached: statistics.max_depth_reached,
      totalEarningsFromTree: toWireMoney(earnings),
      averageEarningsPerReferral:
        statistics.total_referrals === 0 ? 0 : toWireMoney(earnings.dividedBy(statistics.total_referrals)),
    },
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
