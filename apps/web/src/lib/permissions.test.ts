import { describe, expect, it } from 'vitest';
import { rolesHolding } from './permissions';

describe('the roles a screen names for a permission', () => {
  it("lists them from the contract's table, in the table's order", () => {
    expect(rolesHolding('withdrawals.decide')).toBe('Owner or Finance');
    expect(rolesHolding('members.manage')).toBe('Owner or Support');
    expect(rolesHolding('dashboard.read')).toBe('Owner, Finance, Support or Analyst');
    expect(rolesHolding('team.manage')).toBe('Owner');
  });
});
