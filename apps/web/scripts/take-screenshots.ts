/**
 * Screenshots of the main screens at 1440 px and 390 px wide, the screens with money on them at
 * 1280 px as well, and of every table of the member and admin areas at 1280 px and 390 px wide
 * (`table-*`), into docs/screenshots/.
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
interface Shot {
  name: string;
  path: string;
  as?: keyof typeof accounts;
  /** The tab to open first (its name starts with this). */
  tab?: string;
  /** A button to press once the page is there (a confirmation to show); its name starts with this. */
  press?: string;
  /** The widths to take it at; the screens' 1440 and 390 unless given. */
  widths?: readonly number[];
}
const screenWidths = [1440, 390] as const;
const tableWidths = [1280, 390] as const;
/** Screens with money on them: at a laptop's 1280 px as well (issue 34). */
const moneyWidths = [1440, 1280, 390] as const;
const tables: Shot[] = [
  { name: 'table-member-withdrawals', path: '/rewards?tab=withdrawals', as: 'member' },
  { name: 'table-member-rewards', path: '/rewards', as: 'member' },
  { name: 'table-referrals', path: '/referrals', as: 'member' },
  { name: 'table-admin-users', path: '/admin/users', as: 'admin' },
  { name: 'table-admin-withdrawals', path: '/admin/withdrawals', as: 'admin' },
  { name: 'table-admin-rewards', path: '/admin/rewards', as: 'admin' },
  { name: 'table-admin-user-reports', path: '/admin/user-reports', as: 'admin' },
  { name: 'table-admin-audit-log', path: '/admin/audit-log', as: 'admin' },
  { name: 'table-admin-user-rewards', path: '/admin/users/{demo}', as: 'admin', tab: 'Rewards' },
  { name: 'table-admin-user-withdrawals', path: '/admin/users/{demo}', as: 'admin', tab: 'Withdrawals' },
].map((shot) => ({ ...shot, widths: tableWidths }) as Shot);
const moneyScreens: Shot[] = [
  { name: 'dashboard', path: '/dashboard', as: 'member' },
  { name: 'rewards', path: '/rewards', as: 'member' },
  { name: 'rewards-withdrawals', path: '/rewards?tab=withdrawals', as: 'member' },
  { name: 'user-tree', path: '/user-tree', as: 'member' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin' },
  { name: 'admin-user-detail', path: '/admin/users/{demo}', as: 'admin' },
  { name: 'admin-rewards', path: '/admin/rewards', as: 'admin' },
  { name: 'admin-withdrawals', path: '/admin/withdrawals', as: 'admin' },
  { name: 'admin-withdrawal-review', path: '/admin/withdrawals/{pending}', as: 'admin' },
  { name: 'admin-withdrawal-confirm', path: '/admin/withdrawals/{pending}', as: 'admin', press: 'Reject' },
].map((shot) => ({ ...shot, widths: moneyWidths }) as Shot);
const shots: Shot[] = [
  { name: 'landing', path: '/' },
  { name: 'signin', path: '/signin' },
  { name: 'profile', path: '/profile', as: 'member' },
  { name: 'admin-users', path: '/admin/users', as: 'admin' },
  { name: 'admin-user-reports', path: '/admin/user-reports', as: 'admin' },
  { name: 'admin-audit-log', path: '/admin/audit-log', as: 'admin' },
  ...moneyScreens,
  { name: 'admin-settings', path: '/admin/settings', as: 'admin' },
  ...tables,
];
const only = process.env.ONLY?.split(',');

const sessions = new Map<string, Promise<string>>();

/** One session per account for the whole run: the sign-in route is rate limited. */
function signIn(account: { email: string; password: string }): Promise<string> {
  let session = sessions.get(account.email);
  if (!session) {
    session = startSession(account);
    sessions.set(account.email, session);
  }
  return session;
}

async function startSession(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const envelope = (await response.json()) as Envelope<LoginResult | null>;
  if (!envelope.data?.token) throw new Error(`Sign-in of ${account.email} failed: ${envelope.message}`);
  return envelope.data.token;
}

/**
 * `{demo}` in a path stands for the demo member's id, `{pending}` for their pending withdrawal's,
 * both looked up as the administrator.
 */
async function resolvePath(pathname: string): Promise<string> {
  const call = caller(accounts.admin);
  if (pathname.includes('{demo}')) {
    const list = await call<{ users: { _id: string }[] }>(
      'GET',
      `/users/admin/all?search=${encodeURIComponent(accounts.member.email)}`,
    );
    const id = list.users[0]?._id;
    if (!id) throw new Error(`No member ${accounts.member.email} to show`);
    return pathname.replace('{demo}', id);
  }
  if (pathname.includes('{pending}')) {
    const list = await call<{ withdrawals: { _id: string }[] }>(
      'GET',
      `/withdrawals/admin/all?status=PENDING&search=${encodeURIComponent(accounts.member.email)}`,
    );
    const id = list.withdrawals[0]?._id;
    if (!id) throw new Error(`No pending withdrawal of ${accounts.member.email} to show`);
    return pathname.replace('{pending}', id);
  }
  return pathname;
}

/** Calls the API as `account`, answering the envelope's data or throwing its message. */
function caller(account: { email: string; password: string }) {
  return async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${pathname}`, {
      method,
      headers: { authorization: `Bearer ${await signIn(account)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!envelope.success) throw new Error(`${method} ${pathname}: ${envelope.message}`);
    return envelope.data;
  };
}

/**
 * The demo seeds no administrator action: the audit log gets two (a member locked, then active
 * again) so its table has rows to show.
 */
async function auditOnce(): Promise<void> {
  const call = caller(accounts.admin);
  const log = await call<{ entries: unknown[] }>('GET', '/admin/audit-log?page=1&limit=1');
  if (log.entries.length > 0) return;
  const list = await call<{ users: { _id: string; status: string; isAdmin: boolean }[] }>(
    'GET',
    '/users/admin/all?page=1&limit=10',
  );
  const member = list.users.find((user) => !user.isAdmin && user.status === 'ACTIVE');
  if (!member) return;
  await call('PUT', `/users/${member._id}/status`, { status: 'LOCKED' });
  await call('PUT', `/users/${member._id}/status`, { status: 'ACTIVE' });
}

/** A withdrawal of the demo member, asked for as the member would (the e-mailed code read from the local mailbox). */
async function withdraw(amount: string, walletAddress: string): Promise<string> {
  const call = caller(accounts.member);
  await call('POST', '/otp/withdrawal/request', {});
  let code: string | undefined;
  for (let attempt = 0; attempt < 30 && !code; attempt += 1) {
    const box = await call<{ messages: { subject: string; text: string }[] }>(
      'GET',
      `/dev/mailbox?to=${encodeURIComponent(accounts.member.email)}`,
    );
    code = box.messages.find((mail) => /withdrawal code/.test(mail.subject))?.text.match(/is (\d{6})/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!code) throw new Error('No withdrawal code arrived in the mailbox');
  await call('POST', '/otp/withdrawal/verify', { otp: code });
  const withdrawal = await call<{ _id: string }>('POST', '/withdrawals', {
    amount,
    walletAddress,
    asset: 'USDT',
    otp: code,
  });
  return withdrawal._id;
}

/**
 * The demo member's withdrawal history starts empty: it gets one of each kind, as members have
 * them — 7.50 paid from the demo treasury and approved by the reconciliation, 3.21 rejected and
 * 1.00 pending — so the money screens show every status beside the balances they move.
 */
async function withdrawOnce(): Promise<void> {
  const history = await caller(accounts.member)<{ withdrawals: unknown[] }>('GET', '/withdrawals?page=1&limit=1');
  if (history.withdrawals.length > 0) return;
  const admin = caller(accounts.admin);
  const paid = await withdraw('7.50', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await admin('POST', `/dev/demo-treasury-pay/${paid}`, {});
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const review = await admin<{ withdrawal: { status: string } }>('GET', `/withdrawals/admin/${paid}`);
    if (review.withdrawal.status === 'APPROVED') break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const refused = await withdraw('3.21', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  await admin('PUT', `/withdrawals/${refused}`, {
    status: 'REJECTED',
    reason: 'The wallet is an exchange deposit address',
  });
  await withdraw('1.00', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
}

async function capture(browser: Browser, shot: Shot, width: number) {
  const mobile = width < 480;
  const context = await browser.newContext({
    viewport: { width, height: mobile ? 844 : 900 },
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
  if (shot.tab) await page.getByRole('tab', { name: new RegExp(`^${shot.tab}`) }).click();
  if (shot.press) {
    // A decision needs its reason before its confirmation opens.
    if (shot.press === 'Reject') {
      await page.getByLabel('Decision').selectOption('REJECTED');
      await page.getByLabel('Reason (sent to the member)').fill('The wallet is an exchange deposit address');
    }
    await page.getByRole('button', { name: new RegExp(`^${shot.press}`) }).click();
    await page.getByRole('dialog').waitFor();
  }
  // Every table loaded (none busy), so the picture shows rows rather than a spinner.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const file = path.join(outDir, `${shot.name}-${width}.png`);
  // A confirmation is a dialog over the screen: the screen as it shows it, not the page under it.
  await page.screenshot({ path: file, fullPage: !shot.press });
  await context.close();
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await withdrawOnce();
  await auditOnce();
  for (const shot of shots.filter((candidate) => !only || only.includes(candidate.name))) {
    for (const width of shot.widths ?? screenWidths) await capture(browser, shot, width);
  }
} finally {
  await browser.close();
}
