import { formatCount, formatMoney, fullName } from '@uplink/contract/format';
import { referralTexts } from '@uplink/contract/referral-texts';
import type { ReferralTreeNode } from '@uplink/contract/referrals';
import { memo, useState } from 'react';
import { Badge } from '../../../components/badge';
import { EmailText } from '../../../components/email-text';
import { ChevronDownIcon, ChevronRightIcon } from '../../../components/icons';
import type { OpenedMember } from './tree-member-card';

interface TreeNodeProps {
  node: ReferralTreeNode;
  /** The name of the member's sponsor: 'You' for a direct referral. */
  sponsorName: string;
  /** Levels open when the tree first shows (1 and 2). */
  expandedLevels: number;
  /** While searching every kept branch is open. */
  searching: boolean;
  /** The name opens the member's card; stable, so memoised nodes do not re-render. */
  onOpenMember: (member: OpenedMember) => void;
}

/**
 * One member of the tree. The chevron is the only collapse control; the name opens the member's
 * card. Children are rendered only while the node is open, so a collapsed subtree of thousands
 * of members costs nothing in the DOM; memoised, so toggling one node re-renders only that branch.
 */
export const TreeNode = memo(function TreeNode({
  node,
  sponsorName,
  expandedLevels,
  searching,
  onOpenMember,
}: TreeNodeProps) {
  const [expanded, setExpanded] = useState(searching || node.level <= expandedLevels);
  const canExpand = node.children.length > 0;
  const name = fullName(node);
  // Members below this one in branches not drawn here (beyond 'View Levels', or left out by the
  // node limit); a drawn child accounts for its own downline, so nothing is counted twice.
  const notShown = searching
    ? 0
    : node.totalDescendants - node.children.reduce((sum, child) => sum + 1 + child.totalDescendants, 0);
  const toggle = () => setExpanded((open) => !open);

  return (
    <li className="relative">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:px-4">
        <div className="flex min-w-0 items-start gap-2.5">
          {canExpand ? (
            <button
              type="button"
              onClick={toggle}
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
              className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {expanded ? <ChevronDownIcon size={16} /> : <ChevronRightIcon size={16} />}
            </button>
          ) : (
            <span className="w-7 shrink-0" aria-hidden="true" />
          )}
          <Badge tone="brand" className="mt-1">
            L{node.level}
          </Badge>
          <div className="min-w-0">
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpenMember({ node, sponsorName })}
              className="block max-w-full break-words rounded-sm text-left font-semibold text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {name}
            </button>
            {/* Wrapped, never cut: from level 3 a phone leaves the address little width. */}
            <EmailText email={node.email} className="block text-slate-600 text-xs" />
            <p className="text-slate-500 text-xs">
              ID: <span className="font-mono">{node.userId}</span>
              <span className="mx-1.5 text-slate-300">|</span>
              {formatCount(node.totalDescendants, ['descendant', 'descendants'])}
            </p>
          </div>
        </div>
        <dl className="flex shrink-0 gap-6 pl-9 text-sm sm:pl-0 sm:text-right">
          <div>
            <dt className="text-slate-500 text-xs">{referralTexts.yourEarnings}</dt>
            <dd className="font-semibold text-emerald-700 tabular-nums">
              {formatMoney(node.totalRewards, { unit: 'USD' })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 text-xs">{referralTexts.networkSize}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatCount(node.totalDescendants)}</dd>
          </div>
        </dl>
      </div>
      {expanded && canExpand ? (
        <ul className="mt-2 ml-1.5 space-y-2 border-slate-200 border-l-2 pl-2 sm:ml-6 sm:pl-5">
          {node.children.map((child) => (
            <TreeNode
              key={child._id}
              node={child}
              sponsorName={name}
              expandedLevels={expandedLevels}
              searching={searching}
              onOpenMember={onOpenMember}
            />
          ))}
        </ul>
      ) : null}
      {notShown > 0 && (expanded || !canExpand) ? (
        <p className="mt-1 ml-12 text-slate-500 text-xs">{formatCount(notShown)} more below, not shown</p>
      ) : null}
    </li>
  );
});
