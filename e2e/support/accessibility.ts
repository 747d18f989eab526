import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no table is refreshing: a list dims its rows (opacity 60 %) while it fetches them
 * again, and axe scanning that moment reads their text at a third of its contrast — a scan of a
 * passing state, not of the page at rest.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('tbody[aria-busy="true"]')).toHaveCount(0);
}

/** Runs axe (WCAG 2.x A and AA rules) on the page at rest and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** Runs axe (WCAG 2.x A and AA rules) on the page at rest and fails on any violation at all. */
export async function expectNoViolations(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(violations).toEqual([]);
}

/**
 * Runs every axe rule, best practices included (a skip link without its target, say), on the page
 * at rest and fails on any violation at all.
 */
export async function expectNoViolationsOfAnyRule(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(violations).toEqual([]);
}
