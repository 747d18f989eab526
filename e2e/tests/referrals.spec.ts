import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  newMember,
  referralCodeOf,
  registerThroughApi,
} from '../support/accounts';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/**
 * One onboarded member first without referrals (the empty states), then with a downline of their
 * own built through the API: 11 direct referrals, one of whom has a referral, who has one too.
 */
test.describe('referral network', () => {
  test.describe.configure({ mode: 'serial' });

  let owner: NewMember;
  const directs: NewMember[] = [];
  let second: NewMember;
  let third: NewMember;

  async function openAs(page: Page, member: NewMember, path: string) {
    await signInAs(page, member);
    await page.goto(path);
  }

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    owner = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'tree-owner');
    await completeOnboarding(request, owner);
  });

  test('a member without referrals is sent from the empty tree to the referrals screen', async ({ page }) => {
    await openAs(page, owner, '/user-tree');
    await expect(page.getByRole('heading', { name: 'My Referral Tree' })).toBeVisible();
    await expect(page.getByText('Start Building Your Network!')).toBeVisible();
    await expect(page.getByText('Start referring!')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Referrals' }).click();
    await expect(page).toHaveURL(/\/referrals$/);
    await expect(page.getByText('No referrals yet')).toBeVisible();
    const code = await referralCodeOf(page.request, owner);
    await expect(page.getByTestId('referral-link')).toHaveText(new RegExp(`/ref/${code}$`));
  });

  test('the history paginates and filters by level', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ownerCode = await referralCodeOf(request, owner);
    directs.push(await createVerifiedMember(request, ownerCode, 'direct-sponsor'));
    for (let index = 0; index < 10; index += 1) {
      const direct = newMember(`direct-${index}`);
      await registerThroughApi(request, direct, ownerCode);
      directs.push(direct);
    }
    second = await createVerifiedMember(request, await referralCodeOf(request, directs[0]!), 'second-level');
    third = newMember('third-level');
    await registerThroughApi(request, third, await referralCodeOf(request, second));

    await openAs(page, owner, '/referrals');
    const total = page.getByText('Total Referrals').locator('..').locator('..');
    await expect(total).toHaveText(/^Total Referrals\s*13$/);
    const table = page.getByRole('table', { name: 'Referral history' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(page.getByText('Showing 1-10 of 13')).toBeVisible();
    // Newest first: the level-3 member joined last.
    await expect(rows.first()).toContainText(third.email);
    await expect(rows.first()).toContainText('Level 3');

    // The invitations above page their own list: the history's pages are the last on the screen.
    const historyPage2 = page.getByRole('button', { name: 'Page 2', exact: true }).last();
    await historyPage2.click();
    await expect(page.getByText('Showing 11-13 of 13')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(historyPage2).toHaveAttribute('aria-current', 'page');

    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 2' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(second.email);
    await expect(rows.first()).toContainText('Level 2');
    await expect(total).toHaveText(/^Total Referrals\s*1$/);

    // A filter that matches nobody says so, instead of inviting a member with referrals to start.
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 9' });
    await expect(page.getByText('No referrals at level 9')).toBeVisible();
    await shoot(page, 'referrals-level-filter-empty');
    await expect(page.getByText('No referrals yet')).toHaveCount(0);
    await expect(page.getByText(/Share your referral link/)).toHaveCount(0);
  });

  test('the tree searches and collapses', async ({ page }) => {
    await openAs(page, owner, '/user-tree');
    await expect(page.getByText('Your Network Root')).toBeVisible();
    await expect(page.getByText('levels deep')).toBeVisible();
    const tree = page.getByRole('list', { name: 'Referral tree' });

    // Levels 1 and 2 start open, so the level-3 member is on screen.
    await expect(tree.getByText(third.email)).toBeVisible();
    const sponsor = `${directs[0]!.firstName} ${directs[0]!.lastName}`;
    await page.getByRole('button', { name: `Collapse ${sponsor}` }).click();
    await expect(tree.getByText(second.email)).toHaveCount(0);
    await expect(tree.getByText(third.email)).toHaveCount(0);
    await page.getByRole('button', { name: `Expand ${sponsor}` }).click();
    await expect(tree.getByText(third.email)).toBeVisible();

    const search = page.getByPlaceholder('Search your referrals...');
    await search.fill('THIRD-LEVEL');
    await expect(tree.getByText(third.email)).toBeVisible();
    await expect(tree.getByText(second.email)).toBeVisible();
    await expect(tree.getByText(directs[1]!.email)).toHaveCount(0);

    await search.fill('nobody-matches-this');
    await expect(page.getByText('No matching referrals found')).toBeVisible();
    await search.fill('');
    await expect(tree.getByText(directs[1]!.email)).toBeVisible();
  });

  test("'View Levels' changes what is drawn, never the network figures", async ({ page }) => {
    await openAs(page, owner, '/user-tree');
    const tree = page.getByRole('list', { name: 'Referral tree' });
    const totalCard = page.getByText('Total Referrals').locator('..').locator('..');
    const sponsorNode = tree.locator('li').filter({ hasText: directs[0]!.email }).first();
    await expect(totalCard).toContainText('13');
    await expect(sponsorNode).toContainText('2 descendants');
    // Everything below is drawn: nothing is said to be missing.
    await expect(sponsorNode).not.toContainText('more below');

    await page.getByRole('combobox', { name: 'View Levels' }).selectOption('1');
    await expect(tree.getByText(second.email)).toHaveCount(0);
    await expect(totalCard).toContainText('13');
    await expect(totalCard).toContainText('11 direct, 2 indirect');
    await expect(page.getByText('Network Depth').locator('..').locator('..')).toContainText('3');
    await expect(sponsorNode).toContainText('2 descendants');
    await expect(sponsorNode.getByText('Network Size').locator('..')).toContainText('2');
    await expect(sponsorNode).toContainText('2 more below, not shown');
    await shoot(page, 'user-tree-one-level');
  });

  test("a member's name opens their card; only the chevron collapses", async ({ page }) => {
    await openAs(page, owner, '/user-tree');
    const tree = page.getByRole('list', { name: 'Referral tree' });
    const sponsor = `${directs[0]!.firstName} ${directs[0]!.lastName}`;
    const name = tree.getByRole('button', { name: sponsor, exact: true });
    await expect(tree.getByText(third.email)).toBeVisible();

    await name.click();
    const card = page.getByRole('dialog', { name: sponsor });
    await expect(card).toBeVisible();
    await expect(card).toContainText(directs[0]!.email);
    await expect(card).toContainText('Level 1');
    await expect(card).toContainText(/User ID\s*UP\d+/);
    await expect(card.getByText('Network Size').locator('..')).toContainText('2');
    await expect(card.getByText('Your Earnings').locator('..')).toContainText('$0.00');
    await expect(card.getByText('Sponsor', { exact: true }).locator('..')).toContainText('You');
    await shoot(page, 'user-tree-member-card');
    // Opening the card left the branch as it was.
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(name).toBeFocused();
    await expect(tree.getByText(third.email)).toBeVisible();

    // The keyboard reaches both controls; the chevron says whether the branch is open.
    const chevron = page.getByRole('button', { name: `Collapse ${sponsor}` });
    await expect(chevron).toHaveAttribute('aria-expanded', 'true');
    await chevron.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Expand ${sponsor}` })).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.getByText(second.email)).toHaveCount(0);
    await name.focus();
    await page.keyboard.press('Enter');
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Close dialog' }).click();
    await expect(card).toBeHidden();

    // A member below another names that sponsor.
    await page.getByRole('button', { name: `Expand ${sponsor}` }).click();
    await tree.getByRole('button', { name: `${second.firstName} ${second.lastName}`, exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(sponsor);
    await expect(page.getByRole('dialog')).toContainText('Level 2');
  });
});
