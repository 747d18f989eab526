import type { Page } from '@playwright/test';

/**
 * Opens `path` and waits until the app has rendered it. A prerendered page (`/`, src/prerender.tsx)
 * is on screen before any JavaScript runs, and the app replaces it once its code has loaded: a
 * click on the prerendered markup before then does nothing, as it would for a visitor that early.
 * The elements React renders carry its fiber key, the prerendered ones do not.
 */
export async function gotoMounted(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}
