import { expect, type Locator, type Page, test } from '@playwright/test';
import { auditActionLabels } from '@uplink/contract/audit';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import { latestMail, memberWithPayingCopier, type NewMember, signInThroughApi } from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { signInAs } from '../support/session';

/** A cycle of its own (the rewards, withdrawals and admin tests run the four newest). */
const cycle = lastFinishedCycle - 4;
/** A wallet of its own: the withdrawals tests use another, and one address holds one pending withdrawal. */
const wallet = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const accountStatus = /^(ACTIVE|LOCKED|DISABLED)$/;

/** What a table must show of its first row without scrolling sideways: its status and its action or amount. */
interface TableCheck {
  screen: string;
  as: 'member' | 'admin';
  path: (ids: { member: string }) => string;
  table: string;
  /** Before the table: a search narrowing it to the member, or a tab to open. */
  search?: string;
  tab?: string;
  status: (row: Locator) => Locator;
  action: (row: Locator) => Locator;
}

let member: NewMember;
let memberId: string;

const tables: TableCheck[] = [
  {
    screen: 'member Withdrawal History',
    as: 'member',
    path: () => '/rewards?tab=withdrawals',
    table: 'Withdrawal history',
    status: (row) => row.getByText('Pending', { exact: true }),
    action: (row) => row.getByRole('link', { name: '0xfB69...d359' }),
  },
  {
    screen: 'member Rewards History',
    as: 'member',
    path: () => '/rewards?sort=rewardAmount',
    table: 'Rewards history',
    status: (row) => row.getByText(/^(Credited|Locked)$/),
    // The smallest reward first: under a cent, shown exactly.
    action: (row) => row.getByText('0.0025 USDT', { exact: true }),
  },
  {
    screen: 'member Referrals',
    as: 'member',
    path: () => '/referrals',
    table: 'Referral history',
    status: (row) => row.getByText(accountStatus),
    action: (row) => row.getByText(/^(Paid|Pending)$/),
  },
  {
    screen: 'admin Users',
    as: 'admin',
    path: () => '/admin/users',
    table: 'Users',
    search: 'Search users',
    status: (row) => row.getByText(accountStatus),
    action: (row) => row.getByRole('button', { name: /^Edit the status of / }),
  },
  {
    screen: 'admin Withdrawals',
    as: 'admin',
    path: () => '/admin/withdrawals',
    table: 'Withdrawals',
    search: 'Search withdrawals',
    status: (row) => row.getByText('PENDING', { exact: true }),
    action: (row) => row.getByRole('link', { name: /^Review the withdrawal of / }),
  },
  {
    screen: 'admin Rewards',
    as: 'admin',
    path: () => '/admin/rewards',
    table: 'Rewards',
    search: 'Search rewards',
    status: (row) => row.getByText(/^(Credited|Locked|Released|Forfeited)$/),
    action: (row) => row.getByRole('button', { name: /^Details of the reward to / }),
  },
  {
    screen: 'admin cycle runs',
    as: 'admin',
    path: () => '/admin/rewards',
    table: 'Reward cycle runs',
    status: (row) => row.getByText(/^(Distributed|Already distributed)$/),
    action: (row) => row.getByText(/ USDT$/).first(),
  },
  {
    screen: 'admin user reports',
    as: 'admin',
    path: () => '/admin/user-reports',
    table: 'User reports (amounts in USDT)',
    status: (row) => row.getByText(accountStatus),
    action: (row) => row.getByRole('button', { name: /^Report of / }),
  },
  {
    screen: 'admin audit log',
    as: 'admin',
    path: () => '/admin/audit-log',
    table: 'Audit log',
    status: (row) => row.getByText(new RegExp(`^(${Object.values(auditActionLabels).join('|')})$`)),
    action: (row) => row.locator('td').first(),
  },
  {
    screen: "admin user detail's Rewards tab",
    as: 'admin',
    path: ({ member: id }) => `/admin/users/${id}`,
    tab: 'Rewards',
    table: 'Rewards of this member',
    status: (row) => row.getByText(/^(Credited|Locked)$/),
    action: (row) => row.getByText(/ USDT$/).first(),
  },
  {
    screen: "admin user detail's Withdrawals tab",
    as: 'admin',
    path: ({ member: id }) => `/admin/users/${id}`,
    tab: 'Withdrawals',
    table: 'Withdrawals of this member',
    status: (row) => row.getByText('PENDING', { exact: true }),
    action: (row) => row.getByText('1.00', { exact: true }),
  },
];

/** Searches for the member and waits for the answer: until then the list shows everyone (their copier too). */
async function search(page: Page, field: string) {
  const answered = page.waitForResponse((response) => response.url().includes(encodeURIComponent(member.email)));
  await page.getByLabel(field).fill(member.email);
  await answered;
}

/** The member's name, and not their copier's (which only adds '-copier' to it). */
const ownName = () => new RegExp(`${member.firstName} ${member.lastName}(?!-copier)`);

/** The element lies wholly inside the viewport's width: nothing of it needs a sideways scroll. */
async function expectWithinWidth(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), `${what}: right edge`).toBeLessThanOrEqual(width);
}

/**
 * A member with a paying referral (a DIRECT reward), a cycle in which the referral's tiny share
 * pays the member a reward under a cent, and a withdrawal of 1.00 requested with the e-mailed code.
 */
test.describe('every table at 390 and 1280 px', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member } = await memberWithPayingCopier(request, { label: 'table-owner', cycle, copierMasterAmount: 0.05 }));

    const token = await signInThroughApi(request, member);
    const headers = { authorization: `Bearer ${token}` };
    const profile = await request.get('/api/users/profile', { headers });
    memberId = (await profile.json()).data._id;
    expect((await request.post('/api/otp/withdrawal/request', { headers })).ok()).toBe(true);
    const code = (await latestMail(request, member.email, /withdrawal code/)).text.match(/is (\d{6})/)?.[1];
    expect((await request.post('/api/otp/withdrawal/verify', { headers, data: { otp: code } })).ok()).toBe(true);
    const withdrawal = await request.post('/api/withdrawals', {
      headers,
      data: { amount: '1.00', walletAddress: wallet, asset: 'USDT', otp: code },
    });
    expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
  });

  for (const width of [1280, 390]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      for (const check of tables) {
        test(`the ${check.screen} shows its first row's status and action without scrolling sideways`, async ({
          page,
        }) => {
          await signInAs(page, check.as === 'admin' ? e2eAdmin : member);
          await page.goto(check.path({ member: memberId }));
          if (check.tab) await page.getByRole('tab', { name: new RegExp(`^${check.tab}`) }).click();
          if (check.search) await search(page, check.search);
          const table = page.getByRole('table', { name: check.table });
          const row = table.locator('tbody tr').first();
          if (check.search) await expect(row).toContainText(ownName());
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

          await expectWithinWidth(page, check.status(row), `${check.screen}: the status`);
          await expectWithinWidth(page, check.action(row), `${check.screen}: the action or amount`);
          // Nothing of the page itself scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // A table that still scrolls says so.
          const scrolls = await table.evaluate((element) => {
            const box = element.parentElement as HTMLElement;
            return box.scrollWidth > box.clientWidth + 1;
          });
          if (scrolls) await expect(page.getByText('Scroll sideways to see every column')).toBeVisible();

          // What folded behind 'More' unfolds, and the screen stays accessible either way.
          const more = row.getByRole('button', { name: 'More' });
          if (await more.isVisible()) {
            await more.click();
            await expect(row.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
            await expect(table.locator('tbody dl').first()).toBeVisible();
          }
          await expectNoSeriousViolations(page);
        });
      }
    });
  }

  test('after a status change at 1280 px the new badge shows whole, beside the action', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/users');
    await search(page, 'Search users');
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
    await expect(row).toContainText(ownName());
    await row.getByRole('button', { name: /^Edit the status of / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user status' });
    await edit.getByLabel('New status').selectOption('LOCKED');
    await edit.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('dialog', { name: 'Confirm status change' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('User status updated to LOCKED successfully!')).toBeVisible();
    await expectWithinWidth(page, row.getByText('LOCKED', { exact: true }), 'the new status');
    await expectWithinWidth(page, row.getByRole('button', { name: /^Edit the status of / }), 'the action');
  });
});
