import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Envelope } from '@uplink/contract/envelope';
import type { RiskEvents } from '@uplink/contract/risk';
import { riskTexts } from '@uplink/contract/risk';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations, expectNoViolations } from '../support/accessibility';
import {
  memberWithPayingCopier,
  type NewMember,
  newMember,
  referralCodeOf,
  registerThroughApi,
  requestWithdrawalThroughApi,
  signInThroughApi,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/** A cycle of its own (rewards 0–1, withdrawals 2, admin 3, tables 4, payout batches 7, figures 11). */
const cycle = lastFinishedCycle - 13;
/** One Gmail box of this run: its aliases (dots, +tags, googlemail.com) are one mailbox. */
const box = `riskfarm${Date.now().toString(36)}`;
const aliases = {
  earner: `${box}@gmail.com`,
  dotted: `${box.slice(0, 4)}.${box.slice(4)}+second@gmail.com`,
  tagged: `${box}+third@googlemail.com`,
};
const widths = [1440, 1280, 390] as const;

/** The open EMAIL_ALIAS events as the API lists them. */
async function openAliasEvents(request: APIRequestContext) {
  const response = await request.get('/api/admin/risk/events?status=OPEN&rule=EMAIL_ALIAS&limit=100', {
    headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
  });
  const body = (await response.json()) as Envelope<RiskEvents>;
  expect(body.success, body.message).toBe(true);
  return body.data.events;
}

/** The page has no sideways scroll at 390 px (a table scrolls inside its own box or becomes cards). */
async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

/** The cluster of this run's farm, opened from the queue narrowed to e-mail aliases. */
async function openFarmCluster(page: Page) {
  await page.goto('/admin/risk');
  await page.getByLabel('Rule').selectOption('EMAIL_ALIAS');
  // Every account of this run's farm is named after its box; the queue row names the first two.
  const row = page.getByRole('table', { name: 'Risk events' }).locator('tbody tr').filter({ hasText: box });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Open the e-mail alias cluster/ }).click();
  return page.getByRole('region', { name: 'Cluster: E-mail alias' });
}

/**
 * A small farm: a member who earned and asked for a withdrawal, then two more accounts of their
 * Gmail box (a dotted +tag and a googlemail.com one) — one EMAIL_ALIAS event, high, which holds the
 * withdrawal; a control member beside it raises none. The administrator finds the farm on the Risk
 * page, sees the held withdrawal refused, and confirms the cluster: the members are locked and the
 * withdrawal blocked.
 */
test.describe('risk review', () => {
  test.describe.configure({ mode: 'serial' });
  let earner: NewMember;
  const aliasMembers: NewMember[] = [];
  let control: NewMember;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member: earner } = await memberWithPayingCopier(request, {
      label: `${box}-earner`,
      cycle,
      copierMasterAmount: 1000,
      email: aliases.earner,
    }));
    await requestWithdrawalThroughApi(request, earner, {
      amount: '20.00',
      wallet: `0x${randomBytes(20).toString('hex')}`,
    });
    const sponsorCode = await referralCodeOf(request, e2eAdmin);
    for (const [label, email] of [
      ['dotted', aliases.dotted],
      ['tagged', aliases.tagged],
    ] as const) {
      const alias = newMember(`${box}-${label}`, email);
      await registerThroughApi(request, alias, sponsorCode);
      aliasMembers.push(alias);
    }
    control = newMember(`${box}-control`);
    await registerThroughApi(request, control, sponsorCode);
  });

  test('the farm is one high event on the Risk page, its cluster setting the accounts side by side', async ({
    page,
    request,
  }) => {
    const events = await openAliasEvents(request);
    const farm = events.filter((event) => event.members.some((member) => member.email === earner.email));
    expect(farm).toHaveLength(1);
    expect(farm[0]?.severity).toBe('HIGH');
    expect(farm[0]?.members.map((member) => member.email).sort()).toEqual(
      [earner, ...aliasMembers].map((member) => member.email).sort(),
    );
    expect(events.some((event) => event.members.some((member) => member.email === control.email))).toBe(false);

    await signInAs(page, e2eAdmin);
    await page.goto('/admin/risk');
    await expect(page.getByRole('heading', { name: 'Risk', exact: true })).toBeVisible();
    await expect(page.getByTestId('risk-open-high')).not.toHaveText('0');
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'admin-risk', { widths });

    const cluster = await openFarmCluster(page);
    await expect(cluster.locator('p', { hasText: 'Shared normalised e-mail' })).toContainText(`${box}@gmail.com`);
    const members = cluster.getByRole('table', { name: 'Members of the e-mail alias cluster' });
    await expect(members.locator('tbody tr')).toHaveCount(3);
    for (const member of [earner, ...aliasMembers]) {
      await expect(members.getByRole('link', { name: `Ana ${member.lastName}` })).toHaveAttribute(
        'href',
        /^\/admin\/users\//,
      );
    }
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    // Open at a phone's width, the cluster's links sit inside lines of text: no violation at all there either.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoViolations(page);
    if (size) await page.setViewportSize(size);
    await shoot(page, 'admin-risk-cluster', { widths });

    // The users list marks the members of the farm, and not the control member.
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(box);
    const users = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await expect(users.filter({ hasText: earner.email }).getByText('Held')).toBeVisible();
    await page.getByLabel('Search users').fill(control.email);
    await expect(users).toHaveCount(1);
    await expect(users.first().getByText('Held')).toHaveCount(0);
    await page.getByLabel('Search users').fill(box);
    await expect(users.filter({ hasText: earner.email }).getByText('Held')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-users-risk-mark', { widths });
  });

  test('at 390 px, opening the cluster brings it into view and moves focus to its heading', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    // A phone's screen (the issue measured the cluster's top at 853 px of an 844 px one): it opens below the queue.
    await page.setViewportSize({ width: 390, height: 844 });
    const cluster = await openFarmCluster(page);
    const heading = cluster.getByRole('heading', { name: /^Cluster: E-mail alias/ });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });

  test('the held withdrawal says so on its review and offers no payment; the member reads only that it is under review', async ({
    page,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/withdrawals');
    await page.getByLabel('Search withdrawals').fill(earner.email);
    const rows = page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    // Its status names the risk (which one depends on what the specs before it did), and no batch
    // box is offered in its place: the reason stands there.
    await expect(rows.first().getByText(/^Held \(risk: /)).toBeVisible();
    await expect(rows.first().getByText(riskTexts.heldInPlace)).toBeVisible();
    await expect(rows.first().getByRole('checkbox')).toHaveCount(0);
    await rows
      .first()
      .getByRole('link', { name: /Review/ })
      .click();

    await expect(page.getByRole('alert').filter({ hasText: riskTexts.reviewBanner })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-withdrawal-review-risk', { widths });
    // Neither paid nor approved while held: the reason stands where the actions were.
    await expect(page.getByText('Held: the member is under risk review')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay from the demo treasury' })).toHaveCount(0);
    await expect(page.getByText('Approve (paid)')).toHaveCount(0);

    await signInAs(page, earner);
    await page.goto('/rewards?tab=withdrawals');
    const row = page.getByRole('table', { name: 'Withdrawal history' }).locator('tbody tr').first();
    await expect(row).toContainText(riskTexts.memberPendingUnderReview);
    await expect(row).not.toContainText(/alias|risk|rule/i);
  });

  test('the administrator confirms the cluster with a note: its members are locked and the withdrawal blocked', async ({
    page,
    request,
  }) => {
    await signInAs(page, e2eAdmin);
    const cluster = await openFarmCluster(page);
    await cluster.getByRole('button', { name: 'Confirm…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm this risk event?' });
    await expect(dialog).toContainText('The 3 members of this cluster are locked');
    await dialog.getByRole('button', { name: 'Confirm and lock 3 members' }).click();
    await expect(dialog.getByText('A note is required')).toBeVisible();
    await dialog.getByLabel('Note (required)').fill('One Gmail box behind three accounts');
    await expect(dialog.getByText('35 / 500')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-risk-resolve', { widths, fullPage: false });
    await dialog.getByRole('button', { name: 'Confirm and lock 3 members' }).click();
    await expect(dialog).toBeHidden();
    await expect(cluster.getByText(/^Confirmed by /)).toBeVisible();
    await expect(cluster.getByText('3 members locked, 1 pending withdrawal blocked.')).toBeVisible();

    expect((await openAliasEvents(request)).some((event) => event.members.some((m) => m.email === earner.email))).toBe(
      false,
    );
    await page.goto('/admin/withdrawals');
    await page.getByLabel('Search withdrawals').fill(earner.email);
    const rows = page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr');
    await expect(rows.first()).toContainText('BLOCKED');
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(earner.email);
    await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr').first()).toContainText('LOCKED');
  });
});
