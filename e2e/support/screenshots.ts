import type { Page } from '@playwright/test';

/**
 * Full-page screenshots of the page as it is, 1440 and 390 px wide unless `widths` says, into SCREENSHOT_DIR as
 * `<name>-<width>.png` — to look at, not compared; nothing is taken without SCREENSHOT_DIR. The
 * page gets its own size back afterwards, so the test goes on as before. A dialog is taken as the
 * screen shows it (`fullPage` false): a full page would run past its backdrop.
 */
export async function shoot(
  page: Page,
  name: string,
  widths: readonly number[] = [1440, 390],
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${directory}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}
