import type { RewardPlan } from '@uplink/contract/reward-plan';
import { describe, expect, it } from 'vitest';
import { sampleRewardPlan } from '../../../testing/sample-data';
import { assumptionsError, estimateEarnings } from './estimate-earnings';

const defaultPlan = sampleRewardPlan;

describe('estimateEarnings', () => {
  it('pays each level its percent of what that level pays the master trader', () => {
    // 3 invites, 3 levels, 20 USDT a month each: 3×20×5% + 9×20×2% + 27×20×1% = 3 + 3.6 + 5.4.
    const estimate = estimateEarnings(defaultPlan, { invitesPerMember: 3, levels: 3, monthlyShareUsdt: 20 }, 10);
    expect(estimate.membersPerLevel).toEqual([3n, 9n, 27n]);
    expect(estimate.members).toBe(39n);
    expect(estimate.monthlyDownlineCents).toBe(1200n);
    expect(estimate.directCents).toBe(600n); // 3 × 10 USDT × 20 %
  });

  it('stays exact at 15 levels of 10 invites (over a quadrillion members) and rounds down to the cent', () => {
    const estimate = estimateEarnings(defaultPlan, { invitesPerMember: 10, levels: 15, monthlyShareUsdt: 0.01 }, 10);
    expect(estimate.members).toBe(1_111_111_111_111_110n);
    // Level 1: 10 × 1 cent × 5 % = 0.5 cent; … every level adds exactly, no float drift.
    const exactMicroCents = [5, 2, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5].reduce(
      (sum, percent, index) => sum + 10n ** BigInt(index + 1) * BigInt(percent * 10_000),
      0n,
    );
    expect(estimate.monthlyDownlineCents).toBe(exactMicroCents / 1_000_000n);
  });

  it('follows the plan it is given, not fixed numbers', () => {
    const generous: RewardPlan = { ...defaultPlan, directPercent: 25.5, levelPercents: Array(15).fill(1) };
    const estimate = estimateEarnings(generous, { invitesPerMember: 2, levels: 2, monthlyShareUsdt: 100 }, 10);
    expect(estimate.monthlyDownlineCents).toBe(600n); // (2 + 4) × 100 × 1 %
    expect(estimate.directCents).toBe(510n); // 2 × 10 × 25.5 %
  });
});

describe('assumptionsError', () => {
  it.each([
    [{ invitesPerMember: 0, levels: 3, monthlyShareUsdt: 20 }, /Invites per member/],
    [{ invitesPerMember: 11, levels: 3, monthlyShareUsdt: 20 }, /Invites per member/],
    [{ invitesPerMember: 2.5, levels: 3, monthlyShareUsdt: 20 }, /Invites per member/],
    [{ invitesPerMember: 3, levels: 16, monthlyShareUsdt: 20 }, /Levels/],
    [{ invitesPerMember: 3, levels: 0, monthlyShareUsdt: 20 }, /Levels/],
    [{ invitesPerMember: 3, levels: 3, monthlyShareUsdt: -1 }, /between 0 and 10,000/],
    [{ invitesPerMember: 3, levels: 3, monthlyShareUsdt: Number.NaN }, /between 0 and 10,000/],
    [{ invitesPerMember: 3, levels: 3, monthlyShareUsdt: 10_001 }, /between 0 and 10,000/],
    [{ invitesPerMember: 3, levels: 3, monthlyShareUsdt: 1.234 }, /2 decimals/],
  ])('refuses %o', (assumptions, message) => {
    expect(assumptionsError(assumptions)).toMatch(message);
  });

  it('accepts a network it can estimate', () => {
    expect(assumptionsError({ invitesPerMember: 3, levels: 15, monthlyShareUsdt: 19.99 })).toBeNull();
  });
});
