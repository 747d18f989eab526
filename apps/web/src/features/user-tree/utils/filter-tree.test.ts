import type { ReferralTreeNode } from '@uplink/contract/referrals';
import { describe, expect, it } from 'vitest';
import { filterTree } from './filter-tree';

const node = (userId: string, firstName: string, children: ReferralTreeNode[] = []): ReferralTreeNode => ({
  _id: userId,
  userId,
  firstName,
  lastName: 'Doe',
  email: `${firstName.toLowerCase()}@uplink.test`,
  level: 1,
  hasChildren: children.length > 0,
  children,
  totalDescendants: 0,
  totalRewards: 0,
});

const tree = [
  node('UP1000001', 'Alice', [node('UP1000003', 'Carol', [node('UP1000005', 'Erin')]), node('UP1000004', 'Dave')]),
  node('UP1000002', 'Bob'),
];

describe('filterTree', () => {
  it('returns the same tree for an empty search', () => {
    expect(filterTree(tree, '  ')).toBe(tree);
  });

  it('keeps a matching node alone, without its children', () => {
    expect(filterTree(tree, 'CAROL')).toEqual([{ ...tree[0], children: [{ ...tree[0]!.children[0], children: [] }] }]);
  });

  it('keeps only the branches of a parent that lead to a match', () => {
    const [alice] = filterTree(tree, 'erin@');
    expect(alice?.children.map((child) => child.firstName)).toEqual(['Carol']);
    expect(alice?.children[0]?.children.map((child) => child.firstName)).toEqual(['Erin']);
  });

  it('matches user IDs and last names case-insensitively, and nothing else', () => {
    expect(filterTree(tree, 'up1000002').map((n) => n.firstName)).toEqual(['Bob']);
    expect(filterTree(tree, 'doe')).toHaveLength(2);
    expect(filterTree(tree, 'zed')).toEqual([]);
  });
});
