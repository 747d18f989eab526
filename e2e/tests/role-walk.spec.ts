import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type AdminRole, adminTeamTexts, can, type Permission } from '@uplink/contract/admin-roles';
import { e2eAdmin } from '../playwright.config';
import {
  latestMail,
  linkIn,
  memberWithPayingCopier,
  type NewMember,
  requestWithdrawalThroughApi,
  signInThroughApi,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { signInAs } from '../support/session';

/** A cycle of its own (see the other specs' offsets). */
const cycle = lastFinishedCycle - 25;
const wallet = '0x7e577e577e577e577e577e577e577e577e577e58';
const tag = `walk-${Date.now().toString(36)}`;
const password = 'Walker!Pass123';
const widths = [390, 1440] as const;

type Walker = { role: AdminRole; email: string; password: string };
const owner: Walker = { role: 'OWNER', ...e2eAdmin };
const invitedRoles = ['FINANCE', 'SUPPORT', 'ANALYST'] as const;
const walkers: Walker[] = [
  owner,
  ...invitedRoles.map((role) => ({ role, email: `${role.toLowerCase()}-${tag}@example.com`, password })),
];

/**
 * Invites an administrator of `role` as the root owner and accepts the mailed link, through the
 * API: the team screen's own flow is walked in team.spec.ts.
 */
async function joinTheTeam(request: APIRequestContext, walker: Walker): Promise<void> {
  const headers = { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` };
  const invited = await request.post('/api/admin/team/invitations', {
    headers,
    data: { email: walker.email, firstName: 'Walker', lastName: walker.role, role: walker.role },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = linkIn(
    await latestMail(request, walker.email, /invited to the Uplink administrators/),
    '/admin/invitation',
  );
  const token = new URL(link, 'http://x').searchParams.get('token');
  const accepted = await request.post('/api/admin/team/invitations/accept', {
    data: { token, password: walker.password, confirmPassword: walker.password },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** Expects `action` shown exactly when the role holds `permission`; the screen must be loaded first. */
async function offeredOnlyWith(walker: Walker, permission: Permission, action: Locator, what: string) {
  const expected = can(walker.role, permission) ? 1 : 0;
  await expect(action, `${walker.role}: ${what} (${permission})`).toHaveCount(expected);
}

async function openScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/**
 * Every role walks the admin screens at a phone's and a desktop's width: each screen offers an
 * action exactly when the role's permissions (the table the server checks) allow it, so nothing
 * is offered that the server would refuse, and nothing allowed is missing.
 */
test.describe('each administrator role is offered only what it may do', () => {
  test.describe.configure({ mode: 'serial' });
  let member: NewMember;
  let withdrawalId = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member } = await memberWithPayingCopier(request, { label: `${tag}-member`, cycle, copierMasterAmount: 2_000 }));
    withdrawalId = await requestWithdrawalThroughApi(request, member, { amount: '10.00', wallet });
    for (const walker of walkers.slice(1)) await joinTheTeam(request, walker);
  });

  for (const walker of walkers) {
    test(`${walker.role} at 390 and 1440 px`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, walker);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });

        await openScreen(page, '/admin/users', 'Users');
        await page.getByLabel('Search users').fill(member.email);
        await expect(page.getByText(member.email).first()).toBeVisible();
        const exportButton = page.getByRole('button', { name: 'Export CSV' });
        await offeredOnlyWith(walker, 'members.export', exportButton, 'the members file');
        const editStatus = page.getByRole('button', { name: /^Edit the status of / });
        await offeredOnlyWith(walker, 'members.manage', editStatus, 'a status change from the list');

        await page.getByRole('link', { name: `View ${member.firstName} ${member.lastName}`, exact: true }).click();
        await expect(page.getByText(member.email).first()).toBeVisible();
        const changeStatus = page.getByRole('button', { name: 'Change status' });
        await offeredOnlyWith(walker, 'members.manage', changeStatus, "a member's status");
        await offeredOnlyWith(
          walker,
          'members.delete',
          page.getByRole('button', { name: 'Delete member' }),
          'deletion',
        );

        await page.goto(`/admin/withdrawals/${withdrawalId}`);
        await expect(page.getByRole('heading', { name: 'Withdrawal Review' })).toBeVisible();
        await offeredOnlyWith(walker, 'withdrawals.decide', page.getByLabel('Decision'), 'a decision');

        await openScreen(page, '/admin/withdrawals', /Withdrawals/);
        await offeredOnlyWith(walker, 'withdrawals.export', exportButton, 'the withdrawals file');
        const row = page.getByRole('checkbox', {
          name: `Select the withdrawal of ${member.firstName} ${member.lastName}`,
        });
        await offeredOnlyWith(walker, 'payouts.manage', row, 'choosing a withdrawal for a batch');

        await openScreen(page, '/admin/rewards', /Rewards/);
        await offeredOnlyWith(walker, 'cycles.run', page.getByRole('button', { name: 'Run a cycle' }), 'a cycle run');

        await page.goto('/admin/audit-log');
        const auditHeading = can(walker.role, 'audit.read') ? 'Audit Log' : adminTeamTexts.forbidden;
        await expect(page.getByRole('heading', { name: auditHeading, level: 1 })).toBeVisible();

        await page.goto('/admin/team');
        const teamHeading = can(walker.role, 'team.manage') ? adminTeamTexts.title : adminTeamTexts.forbidden;
        await expect(page.getByRole('heading', { name: teamHeading, level: 1 })).toBeVisible();
        const invite = page.getByRole('button', { name: adminTeamTexts.invite });
        await offeredOnlyWith(walker, 'team.manage', invite, 'an invitation');
      }
    });
  }
});
