import { expect, type Locator, type Page } from '@playwright/test';

/** The sidebar named `name` ('Member navigation', 'Admin navigation'), once it shows each of `subtitles` under its links. */
export async function sidebarShowing(page: Page, name: string, subtitles: readonly string[]): Promise<Locator> {
  const sidebar = page.getByRole('complementary', { name });
  for (const subtitle of subtitles) {
    await expect(sidebar.getByText(subtitle, { exact: true })).toBeVisible();
  }
  return sidebar;
}
