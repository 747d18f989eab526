import { expect, type Page, test } from '@playwright/test';
import { administratorLabel, adminTeamTexts } from '@uplink/contract/admin-roles';
import { e2eAdmin } from '../playwright.config';
import { expectNoViolations } from '../support/accessibility';
import {
  latestMail,
  linkIn,
  memberWithPayingCopier,
  type NewMember,
  requestWithdrawalThroughApi,
  signInThroughApi,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs, submitSignInForm } from '../support/session';

/** A cycle of its own (withdrawals 2, admin 3, tables 4, payout batches 7, figures 11). */
const cycle = lastFinishedCycle - 9;
/** A wallet of its own: one address holds one pending withdrawal. */
const wallet = '0x7E577e577e577E577e577E577E577E577e577E57';
/** Every person of this spec carries it in their e-mail address and name. */
const tag = `team-${Date.now().toString(36)}`;
/** The team screens at a laptop's width as well: they hold a table of people and actions. */
const teamShots = { widths: [1440, 1280, 390] };
const teamDialogShots = { ...teamShots, fullPage: false };

interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: 'FINANCE' | 'SUPPORT' | 'ANALYST';
  roleLabel: string;
}
const finance: Invitee = {
  firstName: 'Fay',
  lastName: `Nance ${tag}`,
  email: `finance-${tag}@example.com`,
  password: 'Finance!Pass123',
  role: 'FINANCE',
  roleLabel: 'Finance',
};
const support: Invitee = {
  firstName: 'Sue',
  lastName: `Port ${tag}`,
  email: `support-${tag}@example.com`,
  password: 'Support!Pass123',
  role: 'SUPPORT',
  roleLabel: 'Support',
};
/** Invited and never accepted: the invitation stays pending. */
const analyst: Invitee = {
  firstName: 'Ana',
  lastName: `Lyst ${tag}`,
  email: `analyst-${tag}@example.com`,
  password: 'Analyst!Pass123',
  role: 'ANALYST',
  roleLabel: 'Analyst',
};
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** Fills in the invitation form and continues to its confirmation, which it answers. */
async function fillInvitation(page: Page, invitee: Invitee) {
  await page.getByRole('button', { name: adminTeamTexts.invite }).click();
  const form = page.getByRole('dialog', { name: adminTeamTexts.invite });
  await form.getByLabel('First name').fill(invitee.firstName);
  await form.getByLabel('Last name').fill(invitee.lastName);
  await form.getByLabel('Email address').fill(invitee.email);
  await form.getByLabel('Role').selectOption(invitee.role);
  return form;
}

/** The admin sidebar's sections, by their addresses. */
async function sections(page: Page): Promise<(string | null)[]> {
  const navigation = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(navigation.getByRole('link').first()).toBeVisible();
  return navigation.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

/**
 * A fresh team: the root owner invites a finance and a support administrator through the team
 * screen (and an analyst who never accepts); each accepts from the mailed link and signs in. The
 * support administrator locks a member and is refused the decision on a withdrawal, which the
 * finance administrator is offered; the finance administrator gives the second approval to a batch
 * of it the owner created; the owner suspends the support administrator, whose open session ends
 * at once.
 */
test.describe("an administrators' team", () => {
  test.describe.configure({ mode: 'serial' });
  /** Withdraws above the four-eyes threshold (1,000 USDT by default): its batch needs a second approval. */
  let member: NewMember;
  /** Support locks them. */
  let copier: NewMember;
  let withdrawalId = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    // 5 % of the copier's 30,000 to the member: 1,500 USDT.
    ({ member, copier } = await memberWithPayingCopier(request, {
      label: `${tag}-member`,
      cycle,
      copierMasterAmount: 30_000,
    }));
    withdrawalId = await requestWithdrawalThroughApi(request, member, { amount: '1200.00', wallet });
  });

  test('the root owner invites a finance, a support and an analyst administrator from the team screen', async ({
    page,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { name: adminTeamTexts.title, level: 1 })).toBeVisible();
    const administrators = page.getByRole('table', { name: 'Administrators' });
    await expect(administrators.getByText(e2eAdmin.email)).toBeVisible();

    for (const invitee of [finance, support, analyst]) {
      const form = await fillInvitation(page, invitee);
      if (invitee === finance) await shoot(page, 'admin-team-invite', teamDialogShots);
      await form.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this invitation?' });
      await expect(confirm).toContainText(adminTeamTexts.confirmInvite(invitee.email, invitee.role));
      await confirm.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status').getByText(adminTeamTexts.invited)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Pending invitations' }).getByText(invitee.email)).toBeVisible();
    }

    // The same address again is refused in place, in the server's words.
    const form = await fillInvitation(page, support);
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this invitation?' });
    await confirm.getByRole('button', { name: 'Send invitation' }).click();
    await expect(confirm.getByRole('alert')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: adminTeamTexts.invite }).getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoViolations(page);
  });

  test('each accepts the mailed invitation with a password under the reset rules and signs in', async ({
    page,
    request,
  }) => {
    for (const invitee of [finance, support]) {
      const mail = await latestMail(request, invitee.email, /invited to the Uplink administrators/);
      const invitation = linkIn(mail, '/admin/invitation');
      await page.goto(invitation);
      await expect(page.getByRole('heading', { name: adminTeamTexts.invitationTitle })).toBeVisible();
      if (invitee === finance) {
        await expectNoViolations(page);
        await shoot(page, 'admin-invitation', teamShots);
      }
      await page.getByLabel('Password', { exact: true }).fill(invitee.password);
      await page.getByLabel('Confirm password', { exact: true }).fill(invitee.password);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await expect(page.getByText(adminTeamTexts.invitationAccepted)).toBeVisible();

      await page.getByRole('link', { name: 'Continue to Sign In' }).click();
      await submitSignInForm(page, invitee);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
      await expect(sidebar.getByText(`· ${invitee.roleLabel}`)).toBeVisible();
      await sidebar.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).not.toHaveURL(/\/admin\//);

      // The link works once: a second use is refused in the server's words.
      await page.goto(invitation);
      await page.getByLabel('Password', { exact: true }).fill(invitee.password);
      await page.getByLabel('Confirm password', { exact: true }).fill(invitee.password);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await expect(page.getByRole('alert')).toContainText(/invalid|expired|used/i);
    }
  });

  test('the support administrator locks a member, and is offered no decision on a withdrawal', async ({
    page,
    request,
  }) => {
    await signInAs(page, support);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(copier.email);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: `Edit the status of ${nameOf(copier)}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user status' });
    await edit.getByLabel('New status').selectOption('LOCKED');
    await edit.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('dialog', { name: 'Confirm status change' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').getByText('User status updated to LOCKED successfully!')).toBeVisible();
    // Support exports nothing.
    await expect(page.getByRole('button', { name: /Export|CSV/ })).toHaveCount(0);

    await page.goto(`/admin/withdrawals/${withdrawalId}`);
    await expect(page.getByRole('heading', { name: 'Withdrawal Review' })).toBeVisible();
    await expect(page.getByText('Withdrawal decisions are taken by Owner or Finance.')).toBeVisible();
    await expect(page.getByLabel('Decision')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Approve|^Reject|^Block/ })).toHaveCount(0);
    // The server refuses the decision all the same.
    const decision = await request.put(`/api/withdrawals/${withdrawalId}`, {
      headers: { authorization: `Bearer ${await signInThroughApi(request, support)}` },
      data: { status: 'REJECTED', reason: 'Not for support to decide' },
    });
    expect(decision.status()).toBe(403);

    expect(await sections(page)).not.toContain('/admin/team');
    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { name: adminTeamTexts.forbidden })).toBeVisible();
    await shoot(page, 'admin-forbidden', teamShots);
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { name: adminTeamTexts.forbidden })).toBeVisible();
  });

  test('the finance administrator is offered the decision and the audit log, not the team', async ({ page }) => {
    await signInAs(page, finance);
    await page.goto(`/admin/withdrawals/${withdrawalId}`);
    await expect(page.getByLabel('Decision')).toBeVisible();
    const shown = await sections(page);
    expect(shown).toContain('/admin/audit-log');
    expect(shown).not.toContain('/admin/team');
  });

  test('the finance administrator gives the second approval to a batch the owner created', async ({
    page,
    request,
  }) => {
    const created = await request.post('/api/withdrawals/admin/batches', {
      headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
      data: { withdrawalIds: [withdrawalId] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const batchId: string = (await created.json()).data._id;

    await signInAs(page, finance);
    await page.goto(`/admin/withdrawals/batches/${batchId}`);
    await expect(page.getByText('Second approval needed')).toBeVisible();
    await page.getByRole('button', { name: 'Approve batch' }).click();
    await expect(page.getByText(`by ${nameOf(finance)}`)).toBeVisible();
  });

  test("the owner suspends the support administrator after a confirmation, and support's session ends at once", async ({
    page,
    request,
  }) => {
    const session = { authorization: `Bearer ${await signInThroughApi(request, support)}` };
    expect((await request.get('/api/users/profile', { headers: session })).ok()).toBe(true);

    await signInAs(page, e2eAdmin);
    await page.goto('/admin/team');
    await page.getByRole('button', { name: `Suspend ${nameOf(support)}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend this administrator?' });
    await expect(confirm).toContainText(adminTeamTexts.confirmSuspend(nameOf(support)));
    await shoot(page, 'admin-team-confirm', teamDialogShots);
    await confirm.getByRole('button', { name: `Suspend ${nameOf(support)}` }).click();
    await expect(page.getByRole('status').getByText(adminTeamTexts.suspended)).toBeVisible();
    const row = page.getByRole('table', { name: 'Administrators' }).getByRole('row').filter({ hasText: support.email });
    await expect(row).toContainText('Suspended');
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await shoot(page, 'admin-team', teamShots);

    expect((await request.get('/api/users/profile', { headers: session })).status()).toBe(401);

    // The audit log names the suspended administrator by role, never as a member, and opens the team.
    await page.goto('/admin/audit-log');
    const entry = page.getByRole('row').filter({ hasText: 'Administrator suspended' }).first();
    await expect(entry).toContainText(administratorLabel('SUPPORT'));
    await expect(entry).not.toContainText('Member ·');
    await expect(entry.getByRole('link', { name: nameOf(support) })).toHaveAttribute('href', '/admin/team');
  });
});
