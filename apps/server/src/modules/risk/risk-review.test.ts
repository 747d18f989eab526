import { randomBytes } from 'node:crypto';
import type { RiskEvent } from '@uplink/contract/risk';
import { riskTexts } from '@uplink/contract/risk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeHolderRow, UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, creditReward, payoutsUnverified, sessionHeaders, uniqueUid } from '../../testing/builders';
import { createBatch, decide, someHash } from '../../testing/payout-builders';
import { freshAddress, pay, register, withdraw } from '../../testing/risk-builders';
import { findLedgerBalance } from '../ledger/ledger-repository';
import { findEventMembers } from './risk-events-repository';

/**
 * The farm, built through the API: a sponsor; six accounts of one Gmail box (dots, +tags,
 * googlemail.com) registered from one client address; four subscriptions paid from one wallet;
 * two withdrawals to one address; one to another member's deposit address. A control member
 * beside it (another address, its own wallets) raises nothing.
 */
describe('risk review of a sybil farm', () => {
  const { t, admin: administrator } = adminTestAppForFile({ config: payoutsUnverified() });

  const db = () => t.database.db;

  /** Registers over the API from `clientAddress`, then verifies, links the exchange and credits `balance`. */
  async function registerLinked(
    sponsor: CodeHolderRow,
    email: string,
    clientAddress: string,
    balance = '100',
  ): Promise<UserRow> {
    const registered = await register(t, sponsor, email, clientAddress);
    const member = await db()
      .updateTable('users')
      .set({ is_email_verified: true, bingx_uid: uniqueUid(), bingx_kyc: true, bingx_balance: '250' })
      .where('id', '=', registered.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await creditReward(db(), { beneficiary: member, source: member, amount: balance, type: 'DIRECT' });
    return member;
  }

  /** Withdraws 20 USDT to `walletAddress`, expecting it accepted: the withdrawal's id. */
  async function withdrawn(member: UserRow, walletAddress: string): Promise<string> {
    const answer = await withdraw(t, member, walletAddress, 20);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data._id;
  }

  async function eventsOf(query = '') {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/risk/events?limit=100${query}`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { events: RiskEvent[]; statistics: { open: number; openHigh: number } };
  }

  const resolve = (eventId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/risk/events/${eventId}/resolve`,
      headers: sessionHeaders(t.app, administrator),
      payload: body,
    });

  interface Farm {
    accounts: UserRow[];
    control: UserRow;
    /** a1's withdrawal to the shared address, rejected before a2's went there. */
    rejected: string;
    /** a2's to the shared address and a3's to a4's deposit address: held. */
    held: string[];
    controlWithdrawal: string;
    events: RiskEvent[];
  }

  /** One farm (its own mailbox, client address and wallets) and a control member; the events naming them. */
  async function buildFarm(box: string, farmAddress: string): Promise<Farm> {
    const sponsor = await createMember(db());
    const spellings = [
      `${box}@gmail.com`,
      `${box.slice(0, 3)}.${box.slice(3)}+1@gmail.com`,
      `${[...box].join('.')}@googlemail.com`,
      `${box.toUpperCase()}+farm@gmail.com`,
      `${box.slice(0, 2)}.${box.slice(2)}+x@googlemail.com`,
      `${box}+6@googlemail.com`,
    ];
    const accounts: UserRow[] = [];
    for (const email of spellings) accounts.push(await registerLinked(sponsor, email, farmAddress));
    const control = await registerLinked(sponsor, `control.${box}@example.org`, '203.0.113.9');
    const [a1, a2, a3, a4] = accounts as [UserRow, UserRow, UserRow, UserRow];

    const farmWallet = freshAddress();
    for (const member of [a1, a2, a3, a4]) await pay(t, member, farmWallet);
    await pay(t, control, freshAddress());

    const shared = freshAddress();
    const rejected = await withdrawn(a1, shared);
    // Held from the first withdrawal on (the aliases are a high-severity event): no approval, no batch.
    expect(
      (await decide(t.app, administrator, rejected, { status: 'APPROVED', transactionHash: someHash() })).json(),
    ).toMatchObject({ errorCode: 'MEMBER_UNDER_REVIEW' });
    // Reject still works: and the address is free again for a pending withdrawal.
    expect((await decide(t.app, administrator, rejected, { status: 'REJECTED', reason: 'No' })).statusCode).toBe(200);
    const sharedWithdrawal = await withdrawn(a2, shared.toUpperCase().replace('0X', '0x'));
    const a4Deposit = (
      await db().selectFrom('users').select('deposit_address').where('id', '=', a4.id).executeTakeFirstOrThrow()
    ).deposit_address as string;
    const circular = await withdrawn(a3, a4Deposit);
    const controlWithdrawal = await withdrawn(control, freshAddress());

    const farmIds = new Set([...accounts, control].map((member) => member.id));
    const { events } = await eventsOf();
    return {
      accounts,
      control,
      rejected,
      held: [sharedWithdrawal, circular],
      controlWithdrawal,
      events: events.filter((event) => event.members.some((member) => farmIds.has(member._id))),
    };
  }

  const idsOf = (members: readonly { _id: string }[]) => members.map((member) => member._id).sort();
  const sorted = (members: readonly UserRow[]) => members.map((member) => member.id).sort();
  const eventOf = (farm: Farm, rule: string) => farm.events.find((event) => event.rule === rule) as RiskEvent;

  let farm: Farm;
  beforeAll(async () => {
    farm = await buildFarm('janedoe', '198.51.100.7');
  }, 180_000);

  it('raises exactly the expected events, each naming every member of its cluster with its evidence', async () => {
    const [a1, a2, a3, a4] = farm.accounts as [UserRow, UserRow, UserRow, UserRow];
    expect(farm.events.map((event) => [event.rule, event.severity, event.status]).sort()).toEqual([
      ['CIRCULAR_FUNDS', 'HIGH', 'OPEN'],
      ['EMAIL_ALIAS', 'HIGH', 'OPEN'],
      ['REGISTRATION_BURST', 'MEDIUM', 'OPEN'],
      ['SHARED_FUNDING_WALLET', 'HIGH', 'OPEN'],
      ['SHARED_WITHDRAWAL_WALLET', 'HIGH', 'OPEN'],
    ]);
    expect(idsOf(eventOf(farm, 'EMAIL_ALIAS').members)).toEqual(sorted(farm.accounts));
    expect(eventOf(farm, 'EMAIL_ALIAS').evidence).toMatchObject({
      rule: 'EMAIL_ALIAS',
      normalizedEmail: 'janedoe@gmail.com',
    });
    expect(idsOf(eventOf(farm, 'REGISTRATION_BURST').members)).toEqual(sorted(farm.accounts));
    expect(eventOf(farm, 'REGISTRATION_BURST').evidence).toMatchObject({ basis: 'CLIENT_ADDRESS' });
    expect(idsOf(eventOf(farm, 'SHARED_FUNDING_WALLET').members)).toEqual(sorted([a1, a2, a3, a4]));
    expect(idsOf(eventOf(farm, 'SHARED_WITHDRAWAL_WALLET').members)).toEqual(sorted([a1, a2]));
    const withdrawalEvidence = eventOf(farm, 'SHARED_WITHDRAWAL_WALLET').evidence;
    expect(withdrawalEvidence.rule === 'SHARED_WITHDRAWAL_WALLET' && withdrawalEvidence.withdrawals).toHaveLength(2);
    expect(idsOf(eventOf(farm, 'CIRCULAR_FUNDS').members)).toEqual(sorted([a3, a4]));
    expect(eventOf(farm, 'CIRCULAR_FUNDS').evidence).toMatchObject({
      sources: [{ memberId: a4.id, kind: 'DEPOSIT_ADDRESS' }],
    });
    // The control member is in none of them.
    expect(farm.events.flatMap((event) => idsOf(event.members))).not.toContain(farm.control.id);
    expect(farm.events.every((event) => event.memberCount === event.members.length)).toBe(true);
    // An event lists its first members only, in the order they joined, with the count of all of them.
    const aliasEvent = eventOf(farm, 'EMAIL_ALIAS');
    const firstTwo = await findEventMembers(db(), [aliasEvent._id], 2);
    expect(firstTwo.map((member) => [member.id, member.member_count])).toEqual(
      aliasEvent.members.slice(0, 2).map((member) => [member._id, 6]),
    );
    // The operators see them open, by severity.
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/^uplink_risk_events_open\{severity="HIGH"\} 4$/m);
    expect(metrics.body).toMatch(/^uplink_risk_events_open\{severity="MEDIUM"\} 1$/m);
    expect(metrics.body).toMatch(/^uplink_risk_event_oldest_open_high_age_seconds \d/m);
    const filtered = await eventsOf('&severity=MEDIUM&status=OPEN&rule=REGISTRATION_BURST');
    expect(filtered.events.map((event) => event._id)).toContain(eventOf(farm, 'REGISTRATION_BURST')._id);
    expect(filtered.events.every((event) => event.severity === 'MEDIUM')).toBe(true);
  });

  it('holds the farm’s withdrawals against approval and batching, and marks its members in the lists and the review', async () => {
    const [sharedWithdrawal, circular] = farm.held as [string, string];
    for (const id of farm.held) {
      const approval = await decide(t.app, administrator, id, { status: 'APPROVED', transactionHash: someHash() });
      expect(approval.statusCode).toBe(409);
      expect(approval.json().errorCode).toBe('MEMBER_UNDER_REVIEW');
    }
    const batch = await createBatch(t.app, administrator, { withdrawalIds: [farm.controlWithdrawal, ...farm.held] });
    expect(batch.statusCode).toBe(409);
    expect(batch.json()).toMatchObject({ errorCode: 'MEMBER_UNDER_REVIEW' });
    expect(
      batch
        .json()
        .data.errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['withdrawalIds.1', 'withdrawalIds.2']);
    // A batch by filter takes what may be paid: the held withdrawals stay pending, out of it…
    const byFilter = await createBatch(t.app, administrator, { filter: { search: 'UP' } });
    expect(byFilter.statusCode).toBe(200);
    const batched = await db()
      .selectFrom('payout_batch_withdrawals')
      .select('withdrawal_id')
      .where('batch_id', '=', byFilter.json().data._id)
      .execute();
    expect(batched.map((line) => line.withdrawal_id)).toContain(farm.controlWithdrawal);
    expect(batched.map((line) => line.withdrawal_id)).not.toContain(sharedWithdrawal);
    expect(batched.map((line) => line.withdrawal_id)).not.toContain(circular);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/withdrawals/admin/batches/${byFilter.json().data._id}`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(deleted.statusCode).toBe(200);
    // …and a filter that matches held withdrawals only is refused, the filter named.
    const { wallet_address: a4Deposit } = await db()
      .selectFrom('withdrawals')
      .select('wallet_address')
      .where('id', '=', circular)
      .executeTakeFirstOrThrow();
    const onlyHeld = await createBatch(t.app, administrator, { filter: { search: a4Deposit } });
    expect(onlyHeld.json()).toMatchObject({
      errorCode: 'MEMBER_UNDER_REVIEW',
      data: { errors: [{ field: 'filter' }] },
    });
    // The member reads it pending, under review, and nothing about rules.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/${sharedWithdrawal}`,
      headers: sessionHeaders(t.app, farm.accounts[1] as UserRow),
    });
    expect(own.json().data).toMatchObject({ status: 'PENDING', underReview: true });
    expect(own.body).not.toContain('SHARED_WITHDRAWAL_WALLET');
    // The review carries the mark (the banner), the list rows too; the control's none.
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/${circular}`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(review.json().data.withdrawal.risk).toMatchObject({ severity: 'HIGH', held: true });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/withdrawals/admin/all?limit=100',
      headers: sessionHeaders(t.app, administrator),
    });
    const rows = list.json().data.withdrawals as { _id: string; risk: unknown; underReview: boolean }[];
    expect(rows.find((row) => row._id === sharedWithdrawal)).toMatchObject({ risk: { held: true }, underReview: true });
    expect(rows.find((row) => row._id === farm.controlWithdrawal)?.risk).toBeNull();
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/users/admin/all?limit=100',
      headers: sessionHeaders(t.app, administrator),
    });
    const listed = users.json().data.users as { _id: string; risk: { rules: string[] } | null }[];
    expect(listed.find((row) => row._id === farm.accounts[5]?.id)?.risk?.rules).toEqual([
      'EMAIL_ALIAS',
      'REGISTRATION_BURST',
    ]);
    expect(listed.find((row) => row._id === farm.control.id)?.risk).toBeNull();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/admin/${farm.accounts[0]?.id}`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(
      detail
        .json()
        .data.riskEvents.map((event: { rule: string }) => event.rule)
        .sort(),
    ).toEqual(['EMAIL_ALIAS', 'REGISTRATION_BURST', 'SHARED_FUNDING_WALLET', 'SHARED_WITHDRAWAL_WALLET']);
    // The control member is paid as ever.
    const approved = await decide(t.app, administrator, farm.controlWithdrawal, {
      status: 'APPROVED',
      transactionHash: someHash(),
    });
    expect(approved.statusCode).toBe(200);
  });

  it('holds a batch whose member comes under review after it was made: no export, no demo payment', async () => {
    const sponsor = await createMember(db());
    const box = `later${randomBytes(3).toString('hex')}`;
    const member = await registerLinked(sponsor, `${box}@gmail.com`, '198.51.100.20');
    await pay(t, member, freshAddress());
    const withdrawal = await withdrawn(member, freshAddress());
    const batch = await createBatch(t.app, administrator, { withdrawalIds: [withdrawal] });
    expect(batch.statusCode, batch.body).toBe(200);
    await registerLinked(sponsor, `${box.slice(0, 3)}.${box.slice(3)}+2@googlemail.com`, '198.51.100.21');
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batch.json().data._id}/export?format=safe-csv`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(exported.statusCode).toBe(409);
    expect(exported.json()).toMatchObject({ errorCode: 'MEMBER_UNDER_REVIEW' });
    // Nothing was claimed: the batch's payment never started.
    const claimed = await db()
      .selectFrom('withdrawals')
      .select('payment_claimed_at')
      .where('id', '=', withdrawal)
      .executeTakeFirstOrThrow();
    expect(claimed.payment_claimed_at).toBeNull();
  });

  it('confirmed: locks the members and blocks their pending withdrawals in one go, audited; resolved once', async () => {
    const aliases = eventOf(farm, 'EMAIL_ALIAS');
    const before = await findLedgerBalance(db(), (farm.accounts[1] as UserRow).id);
    // A withdrawal claimed for payment (claimed before its member came under review) is the payment's:
    // an administrator's block is refused, and the review's block passes it by — one predicate answers both.
    const claimed = await withdrawn(farm.accounts[3] as UserRow, freshAddress());
    await db()
      .updateTable('withdrawals')
      .set({ payment_claimed_at: new Date(), payment_claimed_by: administrator.id, payment_claim_hash: someHash() })
      .where('id', '=', claimed)
      .execute();
    const refused = await decide(t.app, administrator, claimed, { status: 'BLOCKED_COMPLIANCE', reason: 'No' });
    expect(refused.json().errorCode, refused.body).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    const answer = await resolve(aliases._id, { resolution: 'CONFIRMED', note: 'One person, six accounts' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      event: { status: 'CONFIRMED', note: 'One person, six accounts', resolvedBy: expect.any(String) },
      lockedMembers: 6,
      blockedWithdrawals: 2,
    });
    const stillClaimed = await db()
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', claimed)
      .executeTakeFirst();
    expect(stillClaimed?.status).toBe('PENDING');
    const members = await db().selectFrom('users').select('status').where('id', 'in', sorted(farm.accounts)).execute();
    expect(members.every((member) => member.status === 'LOCKED')).toBe(true);
    const blocked = await db().selectFrom('withdrawals').selectAll().where('id', 'in', farm.held).execute();
    for (const withdrawal of blocked) {
      expect(withdrawal).toMatchObject({
        status: 'BLOCKED_COMPLIANCE',
        reason: riskTexts.memberBlockedReason,
        internal_note: 'One person, six accounts',
      });
    }
    // The holds went back to the balance, on the ledger.
    const after = await findLedgerBalance(db(), (farm.accounts[1] as UserRow).id);
    expect(Number(after?.available)).toBe(Number(before?.available) + 20);
    const audit = await db().selectFrom('audit_log').select('action').where('target_id', '=', aliases._id).execute();
    expect(audit).toEqual([{ action: 'RISK_EVENT_CONFIRMED' }]);
    const again = await resolve(aliases._id, { resolution: 'DISMISSED', note: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('RISK_EVENT_ALREADY_RESOLVED');
    expect((await resolve(crypto.randomUUID(), { resolution: 'DISMISSED', note: 'x' })).json().errorCode).toBe(
      'RISK_EVENT_NOT_FOUND',
    );
    expect((await resolve(aliases._id, { resolution: 'CONFIRMED', note: '' })).statusCode).toBe(400);
    expect((await resolve(aliases._id, { resolution: 'CONFIRMED', note: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('dismissed: the hold is released, and the same evidence never raises the event again', async () => {
    const other = await buildFarm('johnroe', '198.51.100.8');
    const high = other.events.filter((event) => event.severity === 'HIGH');
    for (const event of high) {
      expect((await resolve(event._id, { resolution: 'DISMISSED', note: 'Family accounts' })).statusCode).toBe(200);
    }
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where(
        'target_id',
        'in',
        high.map((event) => event._id),
      )
      .execute();
    expect(audit.map((row) => row.action)).toEqual(high.map(() => 'RISK_EVENT_DISMISSED'));
    const [sharedWithdrawal] = other.held as [string];
    const approval = await decide(t.app, administrator, sharedWithdrawal, {
      status: 'APPROVED',
      transactionHash: someHash(),
    });
    expect(approval.statusCode, approval.body).toBe(200);
    expect((await createBatch(t.app, administrator, { withdrawalIds: [other.held[1]] })).statusCode).toBe(200);
    // The same evidence again (another withdrawal of a3 to a4's deposit address) raises nothing.
    const [, , a3, a4] = other.accounts as [UserRow, UserRow, UserRow, UserRow];
    const a4Deposit = (
      await db().selectFrom('users').select('deposit_address').where('id', '=', a4.id).executeTakeFirstOrThrow()
    ).deposit_address as string;
    await decide(t.app, administrator, other.held[1] as string, { status: 'REJECTED', reason: 'Retry' });
    await withdrawn(a3, a4Deposit);
    const open = (await eventsOf('&status=OPEN')).events.filter((event) =>
      event.members.some((member) => other.accounts.some((account) => account.id === member._id)),
    );
    expect(open.map((event) => event.rule)).toEqual(['REGISTRATION_BURST']);
  });
});
