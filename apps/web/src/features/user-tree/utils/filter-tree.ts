import type { ReferralTreeNode } from '@uplink/contract/referrals';

function matches(node: ReferralTreeNode, needle: string): boolean {
  return [node.firstName, node.lastName, node.email, node.userId].some((value) => value.toLowerCase().includes(needle));
}

/**
 * The tree cut down to a search (case-insensitive on first name, last name, e-mail and user ID). A matching node keeps only itself; a node above a match keeps only the branches that
 * lead to matches. An empty search returns the tree as it is (the same array, so memoised
 * children do not re-render).
 */
export function filterTree(nodes: ReferralTreeNode[], search: string): ReferralTreeNode[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return nodes;
  const visit = (node: ReferralTreeNode): ReferralTreeNode | null => {
    if (matches(node, needle)) return { ...node, children: [] };
    const kept = node.children.map(visit).filter((child): child is ReferralTreeNode => child !== null);
    return kept.length > 0 ? { ...node, children: kept } : null;
  };
  return nodes.map(visit).filter((node): node is ReferralTreeNode => node !== null);
}
