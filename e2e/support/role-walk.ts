import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type AdminRole, can, type Permission } from '@uplink/contract/admin-roles';
import { riskTexts } from '@uplink/contract/risk';
import { e2eAdmin } from '../playwright.config';
import { type NewMember, requestWithdrawalThroughApi, signInThroughApi } from './accounts';

export type Walker = { role: AdminRole; email: string; password: string };

/** Expects `action` shown exactly when the role holds `permission`; the screen must be loaded first. */
export async function offeredOnlyWith(walker: Walker, permission: Permission, action: Locator, what: string) {
  const expected = can(walker.role, permission) ? 1 : 0;
  await expect(action, `${walker.role}: ${what} (${permission})`).toHaveCount(expected);
}

export async function openScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A payout batch of `withdrawalIds`, made by the root owner through the API: its page's path. */
export async function batchThroughApi(request: APIRequestContext, withdrawalIds: string[]): Promise<string> {
  const created = await request.post('/api/withdrawals/admin/batches', {
    headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
    data: { withdrawalIds },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return `/admin/withdrawals/batches/${(await created.json()).data._id}`;
}

/** Downloads the batch's first Safe CSV part as the root owner, which starts its payment. */
export async function startPaymentThroughApi(request: APIRequestContext, batchPath: string): Promise<void> {
  const id = batchPath.split('/').at(-1);
  const exported = await request.get(`/api/withdrawals/admin/batches/${id}/export?format=safe-csv&part=1`, {
    headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
  });
  expect(exported.ok(), await exported.text()).toBe(true);
}

/**
 * A batch above the second-approval threshold that the root owner made: approving, downloading
 * (held back until approved) and deleting it are `payouts.manage`'s; the owner may not approve
 * their own batch, so the button is there but disabled, with the reason. The demo treasury pays
 * it only once approved, so no role is offered that yet.
 */
export async function walkBatchAwaitingApproval(page: Page, walker: Walker, batchPath: string) {
  await openScreen(page, batchPath, 'Payout Batch');
  await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
  const approve = page.getByRole('button', { name: 'Approve batch' });
  await offeredOnlyWith(walker, 'payouts.manage', approve, 'the second approval');
  if (walker.role === 'OWNER') await expect(approve).toBeDisabled();
  const download = page.getByRole('button', { name: 'Download Safe CSV part 1' });
  await offeredOnlyWith(walker, 'payouts.manage', download, 'the Safe file');
  if (can(walker.role, 'payouts.manage')) await expect(download).toBeDisabled();
  await offeredOnlyWith(walker, 'payouts.manage', page.getByRole('button', { name: 'Delete batch' }), 'deletion');
  const pay = page.getByRole('button', { name: 'Pay batch from the demo treasury' });
  await expect(pay, `${walker.role}: paying a batch awaiting approval`).toHaveCount(0);
}

/**
 * A batch below the threshold, nothing of it downloaded: downloading it, proposing its part to the
 * treasury Safe (which the e2e server can), paying it from the demo treasury and deleting it are
 * `payouts.manage`'s.
 */
export async function walkOpenBatch(page: Page, walker: Walker, batchPath: string) {
  await openScreen(page, batchPath, 'Payout Batch');
  await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
  for (const [action, what] of [
    ['Download Safe CSV part 1', 'the Safe file'],
    ['Propose part 1 to the Safe', 'a Safe proposal'],
    ['Pay batch from the demo treasury', 'the demo payment'],
    ['Delete batch', 'deletion'],
  ] as const) {
    await offeredOnlyWith(walker, 'payouts.manage', page.getByRole('button', { name: action }), what);
  }
}

/**
 * A batch whose payment is under way (its file downloaded): releasing it and downloading it again
 * are `payouts.manage`'s; deleting it, or proposing the files Safe already pays, is refused to all.
 */
export async function walkBatchUnderWay(page: Page, walker: Walker, batchPath: string) {
  await openScreen(page, batchPath, 'Payout Batch');
  await expect(page.getByText('PAYMENT UNDER WAY', { exact: true })).toBeVisible();
  await offeredOnlyWith(walker, 'payouts.manage', page.getByRole('button', { name: 'Release batch' }), 'the release');
  const download = page.getByRole('button', { name: 'Download Safe CSV part 1' });
  await offeredOnlyWith(walker, 'payouts.manage', download, 'the Safe file');
  for (const refused of ['Delete batch', 'Propose part 1 to the Safe']) {
    await expect(page.getByRole('button', { name: refused }), `${walker.role}: ${refused} under way`).toHaveCount(0);
  }
}

/**
 * An open SHARED_WITHDRAWAL_WALLET event: `earlier` withdraws to `wallet` and the root owner
 * rejects it, then `later` withdraws there — `earlier` is its earlier holder, named but not held;
 * `later` joined the cluster and is held. Answers the id of `later`'s withdrawal, held by the event.
 */
export async function sharedWalletThroughApi(
  request: APIRequestContext,
  { earlier, later, wallet }: { earlier: NewMember; later: NewMember; wallet: string },
): Promise<string> {
  const first = await requestWithdrawalThroughApi(request, earlier, { amount: '10.00', wallet });
  const rejected = await request.put(`/api/withdrawals/${first}`, {
    headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
    data: { status: 'REJECTED', reason: 'The address is to be shared in the role walk' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  return requestWithdrawalThroughApi(request, later, { amount: '10.00', wallet });
}

/**
 * The shared withdrawal wallet event naming `earlier`: dismissing or confirming it, and extending
 * its hold to the earlier holder, are `risk.resolve`'s.
 */
export async function walkRiskEvent(page: Page, walker: Walker, earlier: NewMember) {
  await openScreen(page, '/admin/risk', 'Risk');
  await page.getByLabel('Rule').selectOption('SHARED_WITHDRAWAL_WALLET');
  const queue = page.getByRole('table', { name: 'Risk events' }).locator('tbody tr');
  const row = queue.filter({ hasText: earlier.lastName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Open the shared withdrawal wallet cluster/ }).click();
  const cluster = page.getByRole('region', { name: 'Cluster: Shared withdrawal wallet' });
  await expect(cluster).toBeVisible();
  for (const action of ['Dismiss…', 'Confirm…', `${riskTexts.extendHold}…`]) {
    await offeredOnlyWith(walker, 'risk.resolve', cluster.getByRole('button', { name: action }), action);
  }
}

/** The admin list's row of the one withdrawal `search` finds, searched at the list's top. */
async function withdrawalRow(page: Page, search: string) {
  await openScreen(page, '/admin/withdrawals', /Withdrawals/);
  await page.getByLabel('Search withdrawals').fill(search);
  const rows = page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

/** The decision's choices offered on a review, when the role may decide at all. */
function decisionChoice(page: Page, label: string) {
  return page.getByLabel('Decision').locator('option', { hasText: label });
}

/**
 * A pending withdrawal of a member held by risk review (`held`, the joiner of a shared wallet):
 * the server refuses to batch, approve, export or pay it (MEMBER_UNDER_REVIEW); rejecting or
 * blocking it stays `withdrawals.decide`'s. The list marks the member held and, where a role
 * chooses rows for a batch, says why there is no box; the review says it is held, and offers
 * neither approval nor a payment.
 */
export async function walkHeldWithdrawal(page: Page, walker: Walker, held: NewMember, withdrawalId: string) {
  const row = await withdrawalRow(page, held.email);
  await expect(row.getByText(/^Held \(risk: /)).toBeVisible();
  const box = page.getByRole('checkbox', { name: `Select the withdrawal of ${held.firstName} ${held.lastName}` });
  await expect(box, `${walker.role}: choosing a held withdrawal for a batch`).toHaveCount(0);
  const inPlace = row.getByText(riskTexts.heldInPlace, { exact: true });
  await expect(inPlace, `${walker.role}: why a held withdrawal has no batch box`).toHaveCount(
    can(walker.role, 'payouts.manage') ? 1 : 0,
  );

  await openScreen(page, `/admin/withdrawals/${withdrawalId}`, 'Withdrawal Review');
  await expect(page.getByRole('alert').filter({ hasText: riskTexts.reviewBanner })).toBeVisible();
  const refused = `${walker.role}: paying a held withdrawal`;
  await expect(page.getByRole('button', { name: 'Pay from the demo treasury' }), refused).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve (paid)' }), refused).toHaveCount(0);
  await expect(page.getByLabel('Transaction hash'), refused).toHaveCount(0);
  await offeredOnlyWith(walker, 'withdrawals.decide', page.getByLabel('Decision'), 'rejecting or blocking it');
  if (can(walker.role, 'withdrawals.decide')) {
    await expect(page.getByText(riskTexts.heldInPlace, { exact: true })).toBeVisible();
    await expect(decisionChoice(page, 'Approve (paid)'), `${walker.role}: approving a held withdrawal`).toHaveCount(0);
    await expect(decisionChoice(page, 'Reject')).toHaveCount(1);
  }
}

/**
 * A pending withdrawal whose payout batch's payment is under way (`batchPath`, its file
 * downloaded): it is in that batch, so offered for no other; until the chain shows its payment or
 * the batch is released, the server refuses to reject, block or pay it again
 * (WITHDRAWAL_PAYMENT_IN_PROGRESS), and its claim is released with the batch. An approval with
 * the payment's hash stays `withdrawals.decide`'s.
 */
export async function walkWithdrawalUnderWay(
  page: Page,
  walker: Walker,
  {
    payee,
    wallet,
    withdrawalId,
    batchPath,
  }: { payee: NewMember; wallet: string; withdrawalId: string; batchPath: string },
) {
  const row = await withdrawalRow(page, wallet);
  const box = page.getByRole('checkbox', { name: `Select the withdrawal of ${payee.firstName} ${payee.lastName}` });
  await expect(box, `${walker.role}: choosing a withdrawal under payment for a batch`).toHaveCount(0);
  await expect(row.getByText('In a batch', { exact: true })).toHaveCount(can(walker.role, 'payouts.manage') ? 1 : 0);

  await openScreen(page, `/admin/withdrawals/${withdrawalId}`, 'Withdrawal Review');
  await expect(page.getByRole('heading', { name: 'Payment under way' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'open the batch' })).toHaveAttribute('href', batchPath);
  for (const refused of ['Pay from the demo treasury', 'Release payment claim', 'Reject', 'Block for compliance']) {
    const what = `${walker.role}: ${refused} while the payment is under way`;
    await expect(page.getByRole('button', { name: refused }), what).toHaveCount(0);
  }
  await offeredOnlyWith(walker, 'withdrawals.decide', page.getByLabel('Decision'), 'an approval with its hash');
  if (can(walker.role, 'withdrawals.decide')) {
    for (const refused of ['Reject', 'Block for compliance']) {
      const what = `${walker.role}: ${refused} while the payment is under way`;
      await expect(decisionChoice(page, refused), what).toHaveCount(0);
    }
  }
}

/**
 * The settings page changes only the administrator's own account — the password and the second
 * factor (`own-totp.manage`), which every role holds — and preferences kept in this browser.
 */
export async function walkSettings(page: Page, walker: Walker) {
  await openScreen(page, '/admin/settings', 'Admin Settings');
  await expect(page.getByRole('button', { name: 'Change Password' }), `${walker.role}: own password`).toHaveCount(1);
  const secondFactor = page.getByRole('button', { name: /^(Enable|Disable)$/ });
  await offeredOnlyWith(walker, 'own-totp.manage', secondFactor, 'own second factor');
}
