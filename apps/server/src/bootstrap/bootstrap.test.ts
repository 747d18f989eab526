import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findLedgerDiscrepancies } from '../modules/ledger/ledger-repository';
import { testAppForFile } from '../testing/app-for-file';
import { bearer, signIn } from '../testing/builders';
import { runBootstrap } from './bootstrap';
import { demoMember } from './demo-network';
import { ensureRootAdmin } from './root-admin';
import { startupBanner } from './startup-banner';

describe('bootstrap: root administrator', () => {
  const t = testAppForFile();

  it('creates the root administrator once, with a generated password, and keeps it on later starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-bootstrap-'));
    const config = { ...t.config, dataDir, adminEmail: undefined, adminPassword: undefined };
    const [first, concurrent] = await Promise.all([
      ensureRootAdmin(t.database.db, config),
      ensureRootAdmin(t.database.db, config),
    ]);
    const created = first.created ? first : concurrent;
    expect([first.created, concurrent.created].sort()).toEqual([false, true]);
    expect(created.email).toBe('admin@uplink.local');
    expect(created.generatedPassword).toMatch(/^[0-9a-f]{18}aA1!$/);
    expect(created.referralCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);

    const again = await ensureRootAdmin(t.database.db, config);
    expect(again).toEqual({
      id: created.id,
      email: created.email,
      referralCode: created.referralCode,
      passwordFile: path.join(dataDir, 'admin-password.txt'),
      created: false,
    });
    const admins = await t.database.db.selectFrom('users').selectAll().where('is_admin', '=', true).execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ is_email_verified: true, status: 'ACTIVE' });
    expect(admins[0]?.deposit_address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const token = await signIn(t.app, 'admin@uplink.local', created.generatedPassword);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ isAdmin: true, referralCode: created.referralCode });
  });

  it('lets the first member register with the root invitation code', async () => {
    const root = await ensureRootAdmin(t.database.db, t.config);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'First',
        lastName: 'Member',
        email: 'first@example.test',
        password: 'First!Member1',
        referredByCode: root.referralCode.toLowerCase(),
      },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('bootstrap: configured administrator and demo network', () => {
  const t = testAppForFile({ adminEmail: 'boss@example.test', adminPassword: 'Boss!Pass123', seedDemo: true });

  it('creates the administrator from ADMIN_EMAIL / ADMIN_PASSWORD and a demo network of 40+ members over 4+ levels', async () => {
    const result = await runBootstrap(t.database.db, t.config);
    expect(result.rootAdmin).toMatchObject({ email: 'boss@example.test', created: true });
    expect(result.rootAdmin.generatedPassword).toBeUndefined();
    expect(result.demo).toMatchObject({ email: demoMember.email, created: true });
    expect(await signIn(t.app, 'boss@example.test', 'Boss!Pass123')).toBeTruthy();

    const demo = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', demoMember.email)
      .executeTakeFirstOrThrow();
    expect(demo.sponsor_id).toBe(result.rootAdmin.id);
    const downline = await t.database.db
      .selectFrom('referral_closure')
      .innerJoin('users', 'users.id', 'referral_closure.descendant_id')
      .select(['depth', 'status', 'is_email_verified', 'subscription_paid_at', 'bingx_uid', 'first_name'])
      .where('ancestor_id', '=', demo.id)
      .execute();
    expect(downline.length).toBeGreaterThanOrEqual(40);
    expect(result.demo?.downlineSize).toBe(downline.length);
    expect(Math.max(...downline.map((member) => member.depth))).toBeGreaterThanOrEqual(4);
    expect(downline.filter((member) => member.status === 'LOCKED')).toHaveLength(1);
    expect(downline.filter((member) => member.status === 'DISABLED')).toHaveLength(1);
    expect(downline.some((member) => !member.is_email_verified)).toBe(true);
    expect(downline.some((member) => member.subscription_paid_at === null)).toBe(true);
    expect(downline.some((member) => member.subscription_paid_at !== null && member.bingx_uid === null)).toBe(true);
    expect(downline.some((member) => member.bingx_uid !== null)).toBe(true);
    expect(new Set(downline.map((member) => member.first_name)).size).toBeGreaterThan(20);

    const token = await signIn(t.app, demoMember.email, demoMember.password);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.json().data).toMatchObject({
      isEmailVerified: true,
      isAdmin: false,
      subscriptionFee: { paid: true, amount: 10 },
      bingXUID: expect.stringMatching(/^\d+$/),
    });

    // Real figures: DIRECT rewards for paid referrals and two distributed cycles.
    const stats = await t.app.inject({ method: 'GET', url: `/api/rewards/stats/${demo.id}`, headers: bearer(token) });
    const figures = stats.json().data;
    expect(figures.rewardBreakdown.directRewards).toBeGreaterThan(0);
    expect(figures.rewardBreakdown.downlineRewards).toBeGreaterThan(0);
    expect(figures.totalRewards).toBe(figures.rewardBreakdown.calculatedTotal);
    const runs = await t.database.db.selectFrom('reward_cycle_runs').select('outcome').execute();
    expect(runs.map((run) => run.outcome)).toEqual(['DISTRIBUTED', 'DISTRIBUTED']);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('seeds only once', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    const again = await runBootstrap(t.database.db, t.config);
    expect(again.rootAdmin.created).toBe(false);
    expect(again.demo?.created).toBe(false);
    const after = await t.database.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });
});

describe('startup banner', () => {
  it('shows the URL, the administrator, the invitation link and the demo sign-in', () => {
    const banner = startupBanner('http://localhost:3000', {
      rootAdmin: {
        id: 'x',
        email: 'admin@uplink.local',
        referralCode: 'ABCD2345',
        generatedPassword: 'f00dbeefaA1!',
        created: true,
      },
      demo: { email: 'demo@uplink.local', password: 'Demo!Pass123', created: true, downlineSize: 41 },
    });
    expect(banner).toContain('Uplink is running at http://localhost:3000');
    expect(banner).toContain('admin@uplink.local');
    expect(banner).toContain('f00dbeefaA1!');
    expect(banner).toContain('http://localhost:3000/ref/ABCD2345');
    expect(banner).toContain('demo@uplink.local');
    expect(banner).toContain('Demo!Pass123');
  });

  it('never repeats a password it did not generate', () => {
    const banner = startupBanner('http://localhost:3000', {
      rootAdmin: { id: 'x', email: 'admin@uplink.local', referralCode: 'ABCD2345', created: false },
      demo: undefined,
    });
    expect(banner).not.toMatch(/aA1!/);
    expect(banner).not.toContain('Demo member');
  });

  it('points to the mailbox and the demo payment only where the dev tools run', () => {
    const bootstrap = {
      rootAdmin: { id: 'x', email: 'admin@uplink.local', referralCode: 'ABCD2345', created: false },
      demo: undefined,
    };
    expect(startupBanner('http://localhost:3000', bootstrap, true)).toContain('http://localhost:3000/dev/mailbox');
    expect(startupBanner('http://localhost:3000', bootstrap, true)).toContain('npm run demo:pay -- <email>');
    expect(startupBanner('http://localhost:3000', bootstrap, false)).not.toContain('/dev/mailbox');
  });
});
