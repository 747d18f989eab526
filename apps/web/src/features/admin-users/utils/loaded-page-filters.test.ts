import type { AdminMemberReward } from '@uplink/contract/admin-users';
import type { Withdrawal, WithdrawalStatus } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { rowsWith } from './loaded-page-filters';

function reward(id: string, type: AdminMemberReward['type']): AdminMemberReward {
  return {
    _id: id,
    type,
    rewardAmount: 1,
    percent: 5,
    masterAmount: 20,
    level: 1,
    cycle: 3,
    state: 'POSTED',
    createdAt: '2026-03-02T10:00:00.000Z',
  };
}

function withdrawal(id: string, status: WithdrawalStatus): Withdrawal {
  return {
    _id: id,
    amount: 25,
    walletAddress: `0x${'a'.repeat(40)}`,
    asset: 'USDT',
    status,
    reason: null,
    requestedAt: '2026-03-02T10:00:00.000Z',
    processedAt: null,
    transactionHash: null,
    paymentUnderWay: false,
    paymentSeenIn: null,
    underReview: false,
  };
}

describe('rowsWith, the rewards by type', () => {
  const page = [reward('r1', 'DIRECT'), reward('r2', 'DOWNLINE'), reward('r3', 'DOWNLINE')];

  it('keeps the whole loaded page for All Types', () => {
    expect(rowsWith(page, 'type', 'ALL').map((r) => r._id)).toEqual(['r1', 'r2', 'r3']);
  });

  it('keeps the rewards of the chosen type, in page order', () => {
    expect(rowsWith(page, 'type', 'DOWNLINE').map((r) => r._id)).toEqual(['r2', 'r3']);
    expect(rowsWith(page, 'type', 'DIRECT').map((r) => r._id)).toEqual(['r1']);
  });

  it('gives nothing when the page holds none of that type', () => {
    expect(rowsWith([reward('r1', 'DIRECT')], 'type', 'DOWNLINE')).toEqual([]);
  });
});

describe('rowsWith, the withdrawals by status', () => {
  const page = [
    withdrawal('w1', 'PENDING'),
    withdrawal('w2', 'APPROVED'),
    withdrawal('w3', 'REJECTED'),
    withdrawal('w4', 'BLOCKED_COMPLIANCE'),
    withdrawal('w5', 'PENDING'),
  ];

  it('keeps the whole loaded page for All Status', () => {
    expect(rowsWith(page, 'status', 'ALL')).toHaveLength(5);
  });

  it('keeps the withdrawals with the chosen status', () => {
    expect(rowsWith(page, 'status', 'PENDING').map((w) => w._id)).toEqual(['w1', 'w5']);
    expect(rowsWith(page, 'status', 'BLOCKED_COMPLIANCE').map((w) => w._id)).toEqual(['w4']);
  });

  it('does not change the page it filters', () => {
    rowsWith(page, 'status', 'APPROVED');
    expect(page).toHaveLength(5);
  });
});
