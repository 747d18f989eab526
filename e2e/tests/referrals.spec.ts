import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from '../support/accounts';

/** The member seeded by SEED_DEMO (apps/server/src/bootstrap/demo-network.ts): paid, linked, 40+ downline. */
const demoMember = { email: 'demo@uplink.local', password: 'Demo!Pass123' };
const demoSeeded = process.env.E2E_SEED_DEMO === 'true';

interface TreeNode {
  firstName: string;
  lastName: string;
  email: string;
  userId: string;
  level: number;
  totalDescendants: number;
  children: TreeNode[];
}

async function startSessionAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

test.describe('referral network', () => {
  test.skip(!demoSeeded, 'needs the demo member: run with E2E_SEED_DEMO=true');

  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await signInThroughApi(request, demoMember);
  });

  test('the history paginates and filters by level', async ({ page, request }) => {
    const all = await apiGet<{ pagination: { totalRecords: number; totalPages: number } }>(
      request,
      token,
      '/api/users/referrals/history',
    );
    const levelTwo = await apiGet<{ statistics: { totalReferrals: number } }>(
      request,
      token,
      '/api/users/referrals/history?level=2',
    );
    expect(all.pagination.totalPages).toBeGreaterThan(1);

    await startSessionAs(page, token);
    await page.goto('/referrals');
    await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
    await expect(page.getByTestId('referral-link')).toContainText('/ref/');
    const total = page.getByText('Total Referrals').locator('..').locator('..');
    await expect(total).toContainText(String(all.pagination.totalRecords));

    const table = page.getByRole('table', { name: 'Referral history' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(page.getByText(`Showing 1-10 of ${all.pagination.totalRecords}`)).toBeVisible();
    const firstOnPageOne = (await rows.first().textContent()) ?? '';

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page.getByText(`Showing 11-20 of ${all.pagination.totalRecords}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(rows.first()).not.toHaveText(firstOnPageOne);

    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 2' });
    await expect(page.getByText(`of ${levelTwo.statistics.totalReferrals}`, { exact: false })).toBeVisible();
    await expect(rows).toHaveCount(Math.min(10, levelTwo.statistics.totalReferrals));
    for (const level of await table.locator('tbody tr td:nth-child(2)').allInnerTexts()) {
      expect(level.trim()).toBe('Level 2');
    }
    await expect(total).toContainText(String(levelTwo.statistics.totalReferrals));

    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 15' });
    await expect(page.getByText('No referrals yet')).toBeVisible();
  });

  test('the tree searches and collapses', async ({ page, request }) => {
    const tree = await apiGet<{ referralTree: TreeNode[] }>(request, token, '/api/users/referral-tree');
    const nodes = flatten(tree.referralTree);
    const deep = nodes.find((node) => node.level === 3);
    expect(deep).toBeDefined();
    const branch = tree.referralTree.find((node) => node.children.length > 0)!;

    await startSessionAs(page, token);
    await page.goto('/user-tree');
    await expect(page.getByRole('heading', { name: 'My Referral Tree' })).toBeVisible();
    await expect(page.getByText('Your Network Root')).toBeVisible();
    await expect(page.getByText('levels deep')).toBeVisible();
    const treeList = page.getByRole('list', { name: 'Referral tree' });

    // Levels 1 and 2 open: a level-2 member is on screen, a level-2 member's children (level 3) too.
    const child = branch.children[0]!;
    await expect(treeList.getByText(child.email)).toBeVisible();

    await page.getByRole('button', { name: `Collapse ${branch.firstName} ${branch.lastName}` }).click();
    await expect(treeList.getByText(child.email)).toHaveCount(0);
    await page.getByRole('button', { name: `Expand ${branch.firstName} ${branch.lastName}` }).click();
    await expect(treeList.getByText(child.email)).toBeVisible();

    const search = page.getByPlaceholder('Search your referrals...');
    await search.fill(deep!.userId.toLowerCase());
    await expect(treeList.getByText(deep!.email)).toBeVisible();
    const unrelated = tree.referralTree.find((node) => !flatten([node]).includes(deep!))!;
    await expect(treeList.getByText(unrelated.email)).toHaveCount(0);

    await search.fill('nobody-matches-this');
    await expect(page.getByText('No matching referrals found')).toBeVisible();
    await search.fill('');
    await expect(treeList.getByText(unrelated.email)).toBeVisible();
  });

  test('a member without referrals is sent to the referrals screen from the empty tree', async ({ page, request }) => {
    // A demo member at the bottom of the network who finished onboarding (they share the demo password).
    const tree = await apiGet<{ referralTree: TreeNode[] }>(request, token, '/api/users/referral-tree');
    const leaves = flatten(tree.referralTree).filter((node) => node.totalDescendants === 0);
    let leafToken: string | undefined;
    for (const leaf of leaves) {
      const login = await request.post('/api/users/login', {
        data: { email: leaf.email, password: demoMember.password },
      });
      if (!login.ok()) continue;
      const candidate = ((await login.json()) as { data: { token: string } }).data.token;
      const profile = await apiGet<{ subscriptionFee: { paid: boolean }; bingXUID: string | null; status: string }>(
        request,
        candidate,
        '/api/users/profile',
      );
      if (profile.subscriptionFee.paid && profile.bingXUID && profile.status === 'ACTIVE') {
        leafToken = candidate;
        break;
      }
    }
    expect(leafToken, 'an onboarded demo member without referrals').toBeDefined();

    await startSessionAs(page, leafToken!);
    await page.goto('/user-tree');
    await expect(page.getByText('Start Building Your Network!')).toBeVisible();
    await expect(page.getByText('Start referring!')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Referrals' }).click();
    await expect(page).toHaveURL(/\/referrals$/);
    await expect(page.getByText('No referrals yet')).toBeVisible();
  });
});
