import type { Page } from '@playwright/test';

/** The screens' widths; the screens with money or a team's table on them add a laptop's 1280. */
const screenWidths = [1440, 390] as const;

/**
 * Full-page screenshots of the page as it is, at `widths` (1440 and 390 px unless given), into
 * SCREENSHOT_DIR as `<name>-<width>.png` — to look at, not compared; nothing is taken without
 * SCREENSHOT_DIR. An open dialog is taken as the screen shows it (`fullPage: false`): its backdrop
 * covers the window, not the whole page. The page gets its own size back afterwards, so the test
 * goes on as before.
 */
export async function shoot(
  page: Page,
  name: string,
  { widths = screenWidths, fullPage = true }: { widths?: readonly number[]; fullPage?: boolean } = {},
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
