import { expect, type Locator, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import {
  memberWithPayingCopier,
  type NewMember,
  requestWithdrawalThroughApi,
  signInThroughApi,
  uidOf,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/** This spec's own cycles: each pays the member 10.335 USDT (5 % of 206.70), so cents drift. */
const cycles = [lastFinishedCycle - 18, lastFinishedCycle - 17];
const wallet = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/**
 * Text inside one table row that another text of the row covers: the rectangles of every text
 * line, compared across the elements that draw them (a badge drawn over a date counts).
 */
async function overlappingTextsIn(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const overlaps: string[] = [];
    for (const row of Array.from(element.querySelectorAll('tr'))) {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      const lines: { text: string; owner: Element; rect: DOMRect }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text || !node.parentElement) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          if (rect.width > 0 && rect.height > 0) lines.push({ text, owner: node.parentElement, rect });
        }
      }
      for (const [index, a] of lines.entries()) {
        for (const b of lines.slice(index + 1)) {
          if (a.owner === b.owner || a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
          const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
          const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
          if (across > 1 && down > 1) overlaps.push(`"${a.text}" and "${b.text}"`);
        }
      }
    }
    return overlaps;
  });
}

/** Every disabled button of the page's main part that does not say why, beside it, where it can be read. */
async function unexplainedDisabledActions(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLButtonElement>('button:disabled'))
      // A pager's Previous on the first page explains itself.
      .filter((button) => !button.closest('nav'))
      .filter((button) => {
        const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
        return !reason?.textContent?.trim() || reason.getBoundingClientRect().height === 0;
      })
      .map((button) => button.textContent?.trim() ?? button.outerHTML),
  );
}

/** Cents of a money text ("10.34 USDT" → 1034). */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test.describe('member screens at 390 and 1440 px', () => {
  test.describe.configure({ mode: 'serial' });
  let member: NewMember;
  let copier: NewMember;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member, copier } = await memberWithPayingCopier(request, {
      label: 'layout',
      cycle: cycles[0] as number,
      copierMasterAmount: 206.7,
    }));
    const run = await request.post('/api/rewards/admin/cycles', {
      headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
      data: {
        cycle: cycles[1],
        entries: [
          { bingXUID: await uidOf(request, member), masterAmount: 0 },
          { bingXUID: await uidOf(request, copier), masterAmount: 206.7 },
        ],
      },
    });
    expect(run.ok(), await run.text()).toBe(true);
    await requestWithdrawalThroughApi(request, member, { amount: '10', wallet });
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px: rewards rows carry their cycle and the line that explains their cents`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, member);
      await page.goto('/rewards');
      const history = page.getByRole('region', { name: 'Rewards history' });
      await expect(history.getByText(`Cycle #${cycles[1]}`)).toBeVisible();
      await expect(history.getByText(`Cycle #${cycles[0]}`)).toBeVisible();
      const rowCents = (
        await history
          .locator('tbody tr')
          .getByText(/^\d[\d,]*\.\d{2} USDT$/)
          .allTextContents()
      ).map(centsOf);
      const rowsTotal = rowCents.reduce((sum, cents) => sum + cents, 0);
      // The two cycles' 10.335 are rows of 10.34 each but credits of 10.33 and 10.34 (the half cent
      // carried): rows that do not add up to the total beside them are explained by what they add to.
      await expect(
        page.getByText(`The rows, each rounded to the cent, add to ${(rowsTotal / 100).toFixed(2)} USDT.`, {
          exact: false,
        }),
      ).toBeVisible();
      expect(await overlappingTextsIn(history)).toEqual([]);
      if (width === 390) await shoot(page, 'member-rewards-history', { widths: [390] });
    });

    test(`at ${width} px: the withdrawal history's status never covers the time`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, member);
      await page.goto('/rewards?tab=withdrawals');
      const history = page.getByRole('region', { name: 'Withdrawal history' });
      await expect(history.getByText('10.00 USDT')).toBeVisible();
      expect(await overlappingTextsIn(history)).toEqual([]);
      if (width === 390) await shoot(page, 'member-withdrawal-history', { widths: [390] });
    });

    test(`at ${width} px: a withheld Request Withdrawal says why`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, copier);
      await page.goto('/rewards');
      const request = page.getByRole('button', { name: 'Request Withdrawal' });
      await expect(request).toBeDisabled();
      await expect(page.getByText('Nothing to withdraw yet: your available balance is 0.00 USDT.')).toBeVisible();
      expect(await unexplainedDisabledActions(page)).toEqual([]);
    });

    test(`at ${width} px: the referral card's copy buttons each keep their label on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, member);
      await page.goto('/dashboard');
      for (const name of ['Copy referral code', 'Copy invitation link']) {
        const button = page.getByRole('button', { name });
        await expect(button).toBeVisible();
        const lines = await button.locator('span').evaluate((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, name).toBe(1);
      }
    });

    test(`at ${width} px: the tree's e-mails never wrap inside the domain`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, member);
      await page.goto('/user-tree');
      const email = page.getByText(copier.email).first();
      await expect(email).toBeVisible();
      // The domain is drawn on one line: the address may wrap before the @, never inside the domain.
      const domainLines = await email.evaluate((element) => {
        const range = document.createRange();
        const domain = element.lastChild;
        if (!domain) return 0;
        range.selectNodeContents(domain);
        return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      });
      expect(domainLines).toBe(1);
      if (width === 390) await shoot(page, 'member-user-tree', { widths: [390] });
    });
  }
});
