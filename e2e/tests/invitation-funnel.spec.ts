import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  completeOnboarding,
  createVerifiedMember,
  latestMail,
  linkIn,
  newMember,
  referralCodeOf,
} from '../support/accounts';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/** The invitee's row in "Your invitations" on /referrals, once the list shows them at `stage`. */
async function expectInviteeAt(page: Page, name: string, stage: string, needs?: string) {
  await expect(async () => {
    await page.goto('/referrals');
    const invitees = page.getByRole('region', { name: 'Your invitees' });
    await expect(invitees).toContainText(name, { timeout: 5_000 });
    await expect(invitees).toContainText(stage, { timeout: 1_000 });
    if (needs) await expect(invitees).toContainText(needs, { timeout: 1_000 });
  }).toPass({ intervals: [1_000, 2_000], timeout: 45_000 });
}

const funnelStep = (page: Page, step: string) =>
  page.getByRole('list', { name: 'Your invitation funnel' }).locator(`li[data-step="${step}"]`);

test.describe('the invitation funnel', () => {
  test('a visitor opens a link, registers, verifies and pays 4 of 10 USDT; the sponsor sees each step at 390 px and reminds them', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const sponsor = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'funnel-sponsor');
    await completeOnboarding(request, sponsor);
    const code = await referralCodeOf(request, sponsor);

    // The visitor, in a browser of their own: a phone's (headless Chromium announces itself as
    // HeadlessChrome, which the bot list rightly leaves uncounted).
    const visitorContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/ref/${code}`);
    await expect(visitor).toHaveURL(/\/$/);
    const banner = visitor.getByTestId('invitation-banner');
    await expect(banner).toContainText('Ana invited you to Uplink');
    await shoot(visitor, 'invitation-landing');
    // Kept when the visitor goes elsewhere and comes back later in the same browser.
    await visitor.goto('/signin');
    await visitor.goto('/');
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Create your account' }).click();
    await expect(visitor).toHaveURL(/\/register$/);
    await expect(visitor.getByRole('textbox', { name: 'Referral code' })).toHaveValue(code);
    await expect(visitor.getByText(/Referral code applied from your link! Ana invited you\./)).toBeVisible();

    const invitee = newMember('funnel-invitee');
    invitee.firstName = 'Theo';
    await visitor.getByLabel('First name').fill(invitee.firstName);
    await visitor.getByLabel('Last name').fill(invitee.lastName);
    await visitor.getByLabel('Email address').fill(invitee.email);
    await visitor.getByLabel('Password', { exact: true }).fill(invitee.password);
    await visitor.getByLabel('Confirm password', { exact: true }).fill(invitee.password);
    await visitor.getByLabel(/I agree to the Terms/).check();
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor).toHaveURL(/\/verify-email/);

    // The sponsor, on a phone.
    const sponsorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await sponsorContext.newPage();
    await signInAs(page, sponsor);
    await page.goto('/dashboard');
    await expect(page.getByTestId('visits-this-week')).toHaveText(/1 visit this week/);
    await expectInviteeAt(page, 'Theo', 'Registered', 'E-mail address not verified yet');
    await expect(funnelStep(page, 'VISITED')).toContainText('Link visits1');
    await expect(funnelStep(page, 'REGISTERED')).toContainText('100% of link visits');

    // The invitee verifies from the mailbox.
    await visitor.goto(linkIn(await latestMail(request, invitee.email, /verif/i), '/verify-email'));
    await expect(visitor.getByText('Email verified successfully! You can now sign in.')).toBeVisible();
    await expectInviteeAt(page, 'Theo', 'E-mail verified', 'Subscription not paid: 10.00 USDT due');

    // 4 of the 10 USDT, on the demo chain.
    const payment = await request.post('/api/dev/demo-pay', { data: { email: invitee.email, amount: '4' } });
    expect(payment.ok(), await payment.text()).toBe(true);
    await expectInviteeAt(page, 'Theo', 'Partly paid', '6.00 of 10.00 USDT still due');
    await expect(page.getByText(/1 person has paid part of the subscription/)).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'invitation-funnel');

    // The reminder.
    await page.getByRole('button', { name: /^Remind Theo/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /Reminder sent to Theo/ })).toBeVisible();
    await expect(page.getByText(/Remind again after/).first()).toBeVisible();
    const reminder = await latestMail(request, invitee.email, /reminds you/);
    expect(reminder.subject).toBe('Ana reminds you: pay the rest of the subscription on Uplink');
    expect(reminder.text).toContain('6.00 of 10.00 USDT still due');
    expect(reminder.text).toMatch(/\/unsubscribe\?m=[0-9a-f-]+&k=invitationReminder&s=[0-9a-f]{64}/);

    // The mailbox shows it with its unsubscribe link.
    await visitor.goto('/dev/mailbox');
    await expect(
      visitor.getByText('Ana reminds you: pay the rest of the subscription on Uplink').first(),
    ).toBeVisible();

    // The administrator sees the network's funnel on the dashboard.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await signInAs(admin, e2eAdmin);
    await admin.goto('/admin/dashboard');
    await expect(admin.getByRole('list', { name: 'Invitation funnel' })).toBeVisible();
    await expect(admin.getByRole('table', { name: 'The funnel week by week' })).toBeVisible();
    await shoot(admin, 'admin-invitation-funnel');
    await Promise.all([visitorContext.close(), sponsorContext.close(), adminContext.close()]);
  });

  test('an invitation link that names nobody says so', async ({ page }) => {
    await page.goto('/ref/NOSUCH99');
    await expect(page.getByRole('alert')).toContainText('This invitation link is not valid');
    await page.goto('/register');
    await expect(page.getByRole('textbox', { name: 'Referral code' })).toHaveValue('');
  });
});
