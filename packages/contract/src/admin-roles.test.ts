import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adminRoles,
  can,
  permissionLabels,
  permissions,
  rolePermissions,
  roleRefusal,
  rolesHolding,
  secondApproverRoles,
} from './admin-roles';

/** The roles × permissions table as docs/admin-roles.md shows it. */
function rolesTable(): string {
  const header = `| Permission | What it allows | ${adminRoles.join(' | ')} |`;
  const rule = `|---|---|${adminRoles.map(() => ':-:').join('|')}|`;
  const rows = permissions.map(
    (permission) =>
      `| \`${permission}\` | ${permissionLabels[permission]} | ${adminRoles.map((role) => (can(role, permission) ? '✓' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

describe('the roles and their permissions', () => {
  it('give OWNER every permission, and the team to OWNER alone', () => {
    expect([...rolePermissions.OWNER].sort()).toEqual([...permissions].sort());
    expect(adminRoles.filter((role) => can(role, 'team.manage'))).toEqual(['OWNER']);
  });

  it('let every role read and turn its own second factor on, and no role but OWNER delete or export members', () => {
    for (const role of adminRoles) {
      for (const permission of ['dashboard.read', 'members.read', 'withdrawals.read', 'own-totp.manage'] as const) {
        expect(can(role, permission)).toBe(true);
      }
    }
    for (const permission of ['members.delete', 'members.export', 'audit.export'] as const) {
      expect(adminRoles.filter((role) => can(role, permission))).toEqual(['OWNER']);
    }
  });

  it('keep ANALYST read-only: no action and no export', () => {
    expect(
      rolePermissions.ANALYST.every((permission) => permission.endsWith('.read') || permission === 'own-totp.manage'),
    ).toBe(true);
  });

  it('make only OWNER and FINANCE second approvers, both of whom manage payouts', () => {
    expect(secondApproverRoles).toEqual(['OWNER', 'FINANCE']);
    expect(secondApproverRoles.every((role) => can(role, 'payouts.manage'))).toBe(true);
  });

  it('are shown in docs/admin-roles.md exactly as the table holds them', () => {
    const docs = readFileSync(new URL('../../../docs/admin-roles.md', import.meta.url), 'utf8');
    expect(docs).toContain(rolesTable());
  });

  it("name the roles that hold a permission from the table, in the table's order", () => {
    expect(rolesHolding('withdrawals.decide')).toBe('Owner or Finance');
    expect(rolesHolding('members.manage')).toBe('Owner or Support');
    expect(rolesHolding('dashboard.read')).toBe('Owner, Finance, Support or Analyst');
    expect(rolesHolding('team.manage')).toBe('Owner');
  });

  it('name them in the refusal of a role that lacks the permission', () => {
    expect(roleRefusal('risk.resolve')).toBe('Your role does not allow this. Owner or Finance can.');
  });
});
