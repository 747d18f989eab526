/**
 * Screenshots of the main screens at 1440 px and 390 px wide into docs/screenshots/.
 * Needs a running server with the built web app and the demo seed (SEED_DEMO=true):
 *   BASE_URL=http://127.0.0.1:4322 npx tsx apps/web/scripts/take-screenshots.ts
 * Sign-in goes through the real API; the session token is placed where the app keeps it.
 */
import path from 'node:path';
import type { LoginResult } from '@uplink/contract/accounts';
import type { Envelope } from '@uplink/contract/envelope';
import { type Browser, chromium } from 'playwright-core';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4322';
const outDir = path.resolve(import.meta.dirname, '../../../docs/screenshots');
const accounts = {
  member: {
    email: process.env.DEMO_EMAIL ?? 'demo@uplink.local',
    password: process.env.DEMO_PASSWORD ?? 'Demo!Pass123',
  },
  admin: {
    email: process.env.ADMIN_EMAIL ?? 'admin@uplink.test',
    password: process.env.ADMIN_PASSWORD ?? 'Admin!Pass123',
  },
};
const widths = { desktop: 1440, mobile: 390 } as const;
const shots: { name: string; path: string; as?: keyof typeof accounts }[] = [
  { name: 'landing', path: '/' },
  { name: 'signin', path: '/signin' },
  { name: 'dashboard', path: '/dashboard', as: 'member' },
  { name: 'rewards', path: '/rewards', as: 'member' },
  { name: 'profile', path: '/profile', as: 'member' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin' },
  { name: 'admin-users', path: '/admin/users', as: 'admin' },
  { name: 'admin-user-detail', path: '/admin/users/{demo}', as: 'admin' },
  { name: 'admin-rewards', path: '/admin/rewards', as: 'admin' },
  { name: 'admin-user-reports', path: '/admin/user-reports', as: 'admin' },
  { name: 'admin-audit-log', path: '/admin/audit-log', as: 'admin' },
  { name: 'admin-withdrawals', path: '/admin/withdrawals', as: 'admin' },
  { name: 'admin-settings', path: '/admin/settings', as: 'admin' },
];
const only = process.env.ONLY?.split(',');

async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const envelope = (await response.json()) as Envelope<LoginResult | null>;
  if (!envelope.data?.token) throw new Error(`Sign-in of ${account.email} failed: ${envelope.message}`);
  return envelope.data.token;
}

/** `{demo}` in a path stands for the demo member's id, looked up as the administrator. */
async function resolvePath(pathname: string): Promise<string> {
  if (!pathname.includes('{demo}')) return pathname;
  const token = await signIn(accounts.admin);
  const response = await fetch(`${baseUrl}/api/users/admin/all?search=${encodeURIComponent(accounts.member.email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const envelope = (await response.json()) as Envelope<{ users: { _id: string }[] } | null>;
  const id = envelope.data?.users[0]?._id;
  if (!id) throw new Error(`No member ${accounts.member.email} to show`);
  return pathname.replace('{demo}', id);
}

async function capture(browser: Browser, shot: (typeof shots)[number], device: keyof typeof widths) {
  const mobile = device === 'mobile';
  const context = await browser.newContext({
    viewport: { width: widths[device], height: mobile ? 844 : 900 },
    deviceScaleFactor: mobile ? 2 : 1,
    isMobile: mobile,
    hasTouch: mobile,
  });
  if (shot.as) {
    const token = await signIn(accounts[shot.as]);
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
  }
  const page = await context.newPage();
  await page.goto(`${baseUrl}${await resolvePath(shot.path)}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const file = path.join(outDir, `${shot.name}-${widths[device]}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await context.close();
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of shots.filter((candidate) => !only || only.includes(candidate.name))) {
    for (const device of Object.keys(widths) as (keyof typeof widths)[]) await capture(browser, shot, device);
  }
} finally {
  await browser.close();
}
