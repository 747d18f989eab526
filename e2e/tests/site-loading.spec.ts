import { expect, test } from '@playwright/test';

test.describe('public site', () => {
  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Uplink');
  });

  test('a direct load of a lazily loaded screen leaves no warning or error in the console', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const [path, heading] of [
      ['/signin', 'Sign In'],
      ['/register', 'Create your account'],
      ['/forgot-password', 'Forgot your password?'],
      ['/verify-email', 'Verify Your Email'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }), path).toBeVisible();
    }
    // React does not warn (a lazy screen suspending outside a Suspense boundary, say).
    expect(warnings).toEqual([]);
  });

  test('a page’s HTML names every script the page loads, so each downloads beside the entry', async ({ page }) => {
    for (const path of ['/signin', '/register', '/forgot-password']) {
      const scripts: string[] = [];
      const listen = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', listen);
      const html = await (await page.goto(path))?.text();
      await expect(page.locator('main')).toBeVisible();
      page.off('request', listen);
      const named = [
        ...(html ?? '').matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g),
      ].map(([, href]) => href);
      expect(scripts.length, path).toBeGreaterThan(named.length / 2);
      expect(
        scripts.filter((script) => !named.includes(script)),
        `${path} loads scripts its HTML does not name`,
      ).toEqual([]);
    }
  });

  test('the favicon the pages reference is served as an image, and so is /favicon.ico', async ({ page, request }) => {
    for (const path of ['/', '/signin', '/dev/mailbox']) {
      await page.goto(path);
      const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
      expect(href, `${path} references an icon`).toBeTruthy();
      const icon = await request.get(new URL(href as string, page.url()).toString());
      expect(icon.status(), `${href} from ${path}`).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/^image\//);
    }
    // Browsers ask for /favicon.ico on pages without a <link rel="icon"> (the API docs, for one).
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\//);
  });
});
