import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminTeamTexts, can } from '@uplink/contract/admin-roles';
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
import {
  batchThroughApi,
  offeredOnlyWith,
  openScreen,
  sharedWalletThroughApi,
  startPaymentThroughApi,
  type Walker,
  walkBatchAwaitingApproval,
  walkBatchUnderWay,
  walkHeldWithdrawal,
  walkOpenBatch,
  walkRiskEvent,
  walkSettings,
  walkWithdrawalUnderWay,
} from '../support/role-walk';
import { signInAs } from '../support/session';

/** Cycles of its own (see the other specs' offsets): the walk's member, the batches' payee, the risk pair. */
const cycle = lastFinishedCycle - 25;
const payeeCycle = lastFinishedCycle - 26;
const riskCycles = [lastFinishedCycle - 27, lastFinishedCycle - 28] as const;
const wallet = '0x7e577e577e577e577e577e577e577e577e577e58';
const batchWallets = [
  '0x7e577e577e577e577e577e577e577e577e577e59',
  '0x7e577e577e577e577e577e577e577e577e577e5a',
  '0x7e577e577e577e577e577e577e577e577e577e5b',
] as const;
/** Two members of this run withdraw to it, one after the other: an open shared withdrawal wallet event. */
const sharedWallet = '0x7e577e577e577e577e577e577e577e577e577e5c';
const tag = `walk-${Date.now().toString(36)}`;
const password = 'Walker!Pass123';
const widths = [390, 1440] as const;

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

/**
 * Every role walks the admin screens (users, withdrawals — among them one of a member held by risk
 * review and one whose payment is under way — payout batches, rewards, audit, team, risk,
 * settings) at a phone's and a desktop's width: each screen offers an action exactly when
 * the role's permissions (the table the server checks) allow it, so nothing is offered that the
 * server would refuse, and nothing allowed is missing.
 */
test.describe('each administrator role is offered only what it may do', () => {
  test.describe.configure({ mode: 'serial' });
  let member: NewMember;
  let withdrawalId = '';
  let awaitingApproval = '';
  let open = '';
  let underWay = '';
  let payee: NewMember;
  let paying = '';
  let earlierHolder: NewMember;
  let heldMember: NewMember;
  let heldWithdrawal = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(360_000);
    ({ member } = await memberWithPayingCopier(request, { label: `${tag}-member`, cycle, copierMasterAmount: 2_000 }));
    withdrawalId = await requestWithdrawalThroughApi(request, member, { amount: '10.00', wallet });
    for (const walker of walkers.slice(1)) await joinTheTeam(request, walker);

    // 5 % of the copier's 30,000 to the payee: 1,500 USDT, enough for one batch above the second-approval threshold.
    ({ member: payee } = await memberWithPayingCopier(request, {
      label: `${tag}-payee`,
      cycle: payeeCycle,
      copierMasterAmount: 30_000,
    }));
    const large = await requestWithdrawalThroughApi(request, payee, { amount: '1200.00', wallet: batchWallets[0] });
    const small = await requestWithdrawalThroughApi(request, payee, { amount: '10.00', wallet: batchWallets[1] });
    paying = await requestWithdrawalThroughApi(request, payee, { amount: '10.00', wallet: batchWallets[2] });
    awaitingApproval = await batchThroughApi(request, [large]);
    open = await batchThroughApi(request, [small]);
    underWay = await batchThroughApi(request, [paying]);
    await startPaymentThroughApi(request, underWay);

    const earner = (label: string, ownCycle: number) =>
      memberWithPayingCopier(request, { label: `${tag}-${label}`, cycle: ownCycle, copierMasterAmount: 2_000 });
    const { member: earlier } = await earner('earlier', riskCycles[0]);
    const { member: later } = await earner('later', riskCycles[1]);
    heldWithdrawal = await sharedWalletThroughApi(request, { earlier, later, wallet: sharedWallet });
    earlierHolder = earlier;
    heldMember = later;
  });

  for (const walker of walkers) {
    test(`${walker.role} at 390 and 1440 px`, async ({ page }) => {
      test.setTimeout(240_000);
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

        await walkBatchAwaitingApproval(page, walker, awaitingApproval);
        await walkOpenBatch(page, walker, open);
        await walkBatchUnderWay(page, walker, underWay);
        await walkWithdrawalUnderWay(page, walker, {
          payee,
          wallet: batchWallets[2],
          withdrawalId: paying,
          batchPath: underWay,
        });
        await walkHeldWithdrawal(page, walker, heldMember, heldWithdrawal);
        await walkRiskEvent(page, walker, earlierHolder);
        await walkSettings(page, walker);
      }
    });
  }
});
