import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  referralCodeOf,
  signInThroughApi,
  uidOf,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/** A cycle of its own: the rewards and withdrawals tests run the three newest finished ones. */
const cycle = lastFinishedCycle - 3;
/** A cycle no spec runs: previewed from the exchange, never distributed. */
const previewedCycle = lastFinishedCycle - 21;

/** Sets a member's status from the users list: edit, choose, confirm, then the toast. */
async function changeStatus(page: Page, member: NewMember, status: string): Promise<void> {
  const name = `${member.firstName} ${member.lastName}`;
  await page.getByRole('button', { name: `Edit the status of ${name}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user status' });
  await edit.getByLabel('New status').selectOption(status);
  await edit.getByRole('button', { name: 'Update Status' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm status change' });
  await expect(confirm.getByText(`Change the status of ${name}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').getByText(`User status updated to ${status} successfully!`)).toBeVisible();
}

/**
 * The administrator's day: finds a member, locks them (their open session is refused at its next
 * call) and unlocks them, reads their detail, runs a cycle from an uploaded statement and finds
 * the rewards it wrote.
 */
test.describe('administration', () => {
  test.describe.configure({ mode: 'serial' });
  let member: NewMember;
  let copier: NewMember;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'administered');
    await completeOnboarding(request, member);
    copier = await createVerifiedMember(request, await referralCodeOf(request, member), 'administered-copier');
    await completeOnboarding(request, copier);
  });

  test('searches a member, locks them out of an open session and lets them sign in again', async ({
    page,
    request,
  }) => {
    const session = { authorization: `Bearer ${await signInThroughApi(request, member)}` };
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/users');
    const totalCard = page.getByText('Total Users').locator('..');
    const totalBefore = await totalCard.textContent();
    await page.getByLabel('Search users').fill(member.email.slice(0, 18));
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByText(member.email)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    // The statistics keep their unfiltered totals while the search is active.
    await expect(totalCard).toHaveText(totalBefore ?? '');
    await shoot(page, 'admin-users');

    await changeStatus(page, member, 'LOCKED');
    const refused = await request.get('/api/users/profile', { headers: session });
    expect(refused.status()).toBe(423);
    expect((await refused.json()).errorCode).toBe('ACCOUNT_LOCKED');

    // Back to ACTIVE, the member signs in again: the session the lock ended stays ended.
    await changeStatus(page, member, 'ACTIVE');
    expect((await request.get('/api/users/profile', { headers: session })).status()).toBe(401);
    const renewed = { authorization: `Bearer ${await signInThroughApi(request, member)}` };
    expect((await request.get('/api/users/profile', { headers: renewed })).ok()).toBe(true);
  });

  test('at 390 px the users search shows its whole placeholder', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/users');
    const search = page.getByLabel('Search users');
    await expect(search).toHaveAttribute('placeholder', /\w/);
    const overflow = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const measure = document.createElement('canvas').getContext('2d');
      if (!measure) return Number.POSITIVE_INFINITY;
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return measure.measureText(input.placeholder).width - room;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('opens the member detail and its tabs', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(member.email);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `View ${member.firstName} ${member.lastName}`, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `${member.firstName} ${member.lastName}` })).toBeVisible();
    await expect(page.getByText('Subscription Information')).toBeVisible();
    await page.getByRole('tab', { name: /^Rewards \(\d+\)$/ }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.getByRole('tab', { name: /^Withdrawals \(\d+\)$/ }).click();
    await expect(page.getByRole('tabpanel').getByText('No withdrawals found')).toBeVisible();
    await shoot(page, 'admin-user-detail');
    await page.goto('/admin/users/not-a-member');
    await expect(page.getByText('User not found')).toBeVisible();
  });

  test('runs a cycle from an uploaded statement after its preview and filters the rewards it wrote', async ({
    page,
    request,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/rewards');
    await page.getByRole('button', { name: 'Run a cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run a reward cycle' });
    await dialog.getByLabel('Cycle number').fill(String(cycle));
    await dialog.getByLabel('Upload a CSV statement').check();
    await dialog.getByLabel('Statement file (CSV)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`bingXUID,masterAmount\r\n${await uidOf(request, copier)},1000\r\n99999999999,5\r\n`),
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('99999999999')).toBeVisible();
    await dialog.getByRole('button', { name: `Run cycle #${cycle}` }).click();
    const confirm = page.getByRole('dialog', { name: `Run cycle #${cycle}?` });
    await expect(confirm).toContainText('statement.csv, 2 entries');
    await confirm.getByRole('button', { name: /^Distribute [\d,]+\.\d\d USDT$/ }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Reward cycle runs' }).getByText(`#${cycle}`).first()).toBeVisible();

    await page.getByLabel('Type').selectOption({ label: 'Downline' });
    await page.getByLabel('Level').selectOption({ label: 'Level 1' });
    await page.getByLabel('Search rewards').fill(member.email);
    const rewards = page.getByRole('table', { name: 'Rewards' });
    await expect(rewards.getByRole('row')).toHaveCount(2);
    await expect(rewards.getByText('50.00').first()).toBeVisible();
    await rewards
      .getByRole('button', { name: new RegExp(`^Details of the reward to .*\\(cycle #${cycle}\\)$`) })
      .click();
    await expect(page.getByRole('dialog', { name: 'Reward details' })).toBeVisible();
    await shoot(page, 'admin-rewards');
  });

  test('starts from the next cycle not distributed and previews a cycle from the exchange before it asks to run it', async ({
    page,
    request,
  }) => {
    const headers = { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` };
    const cycles = (await (await request.get('/api/rewards/admin/cycles', { headers })).json()).data;
    const distributed = new Set(cycles.runs.map((run: { cycle: number }) => run.cycle));
    expect(distributed.has(cycles.nextCycle)).toBe(false);

    await signInAs(page, e2eAdmin);
    await page.goto('/admin/rewards');
    await page.getByRole('button', { name: 'Run a cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run a reward cycle' });
    await expect(dialog.getByLabel('Cycle number')).toHaveValue(String(cycles.nextCycle));
    await dialog.getByLabel('Cycle number').fill(String(previewedCycle));
    await dialog.getByLabel('From the exchange').check();
    // Nothing is offered to run before the amounts are shown.
    await expect(dialog.getByRole('button', { name: /^Run cycle/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: `Preview of cycle #${previewedCycle}` });
    await expect(preview).toBeVisible();
    for (const figure of ['Matched to members', 'Rewards to write', 'To credit', 'To lock']) {
      await expect(preview.getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(preview).toContainText(/To credit\s*[\d,]+\.\d\d USDT/);
    await shoot(page, 'admin-reward-cycle-exchange-preview', { fullPage: false });

    await dialog.getByRole('button', { name: `Run cycle #${previewedCycle}` }).click();
    const confirm = page.getByRole('dialog', { name: `Run cycle #${previewedCycle}?` });
    await expect(confirm).toContainText(/From the exchange, \d+ entr(y|ies)/);
    await expect(confirm.getByRole('button', { name: /^Distribute [\d,]+\.\d\d USDT$/ })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    const runs = (await (await request.get('/api/rewards/admin/cycles', { headers })).json()).data.runs;
    expect(runs.some((run: { cycle: number }) => run.cycle === previewedCycle)).toBe(false);
  });
});
