import { randomBytes } from 'node:crypto';
import type { RiskEvent } from '@uplink/contract/risk';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createAdministrator, createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import { createBatch, decide, someHash } from '../../testing/payout-builders';
import { freshAddress, readyToWithdraw, register, withdraw } from '../../testing/risk-builders';
import { isMemberHeld } from './risk-hold';

/**
 * Risk holds the one who made the link (issue 43). Every payout is public on the chain, so a
 * stranger can read where a member is paid and withdraw there, or to the member's deposit
 * address: the address rules name both, but hold only the one who came to the address later.
 */
describe('a stranger who links to a member’s address', () => {
  const { t, admin } = adminTestAppForFile({ config: payoutsUnverified() });
  const db = () => t.database.db;

  async function eventOf(rule: string, member: UserRow): Promise<RiskEvent> {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/risk/events?rule=${rule}&status=OPEN&limit=100`,
      headers: sessionHeaders(t.app, admin),
    });
    const events = answer.json().data.events as RiskEvent[];
    const event = events.find((candidate) => candidate.members.some((named) => named._id === member.id));
    if (!event) throw new Error(`no ${rule} event names ${member.id}`);
    return event;
  }
  const standingOf = (event: RiskEvent, member: UserRow) =>
    event.members.find((named) => named._id === member.id) ?? null;
  const extendHold = (eventId: string, member: UserRow, caller: UserRow) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/risk/events/${eventId}/members/${member.id}/hold`,
      headers: sessionHeaders(t.app, caller),
      payload: { note: 'Same person as the newcomer: checked their documents' },
    });
  const unusedCodes = async (member: UserRow) =>
    (
      await db()
        .selectFrom('withdrawal_codes')
        .select('id')
        .where('user_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute()
    ).length;

  /** Maya, paid once to her own wallet, with a second withdrawal there pending. */
  async function paidMember() {
    const sponsor = await createMember(db());
    const maya = await register(t, sponsor, `maya.${randomBytes(3).toString('hex')}@example.org`);
    await readyToWithdraw(t, maya, '100');
    const wallet = freshAddress();
    const first = await withdraw(t, maya, wallet, 10);
    expect(first.statusCode, first.body).toBe(200);
    const paid = await decide(t.app, admin, first.json().data._id, { status: 'APPROVED', transactionHash: someHash() });
    expect(paid.statusCode, paid.body).toBe(200);
    const next = await withdraw(t, maya, wallet, 20);
    expect(next.statusCode, next.body).toBe(200);
    return { sponsor, maya, wallet, pending: next.json().data._id as string };
  }

  it('refuses the stranger’s withdrawal to the paid address before the code is used, records it, holds only the stranger', async () => {
    const { sponsor, maya, wallet, pending } = await paidMember();
    const stranger = await register(t, sponsor, `throwaway.${randomBytes(3).toString('hex')}@example.net`);
    await readyToWithdraw(t, stranger, '5');

    const refused = await withdraw(t, stranger, wallet.toUpperCase().replace('0X', '0x'), 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'WALLET_ADDRESS_OF_ANOTHER_MEMBER',
      message: 'This address has received payouts for another account. Use an address of your own.',
    });
    expect(await unusedCodes(stranger)).toBe(1);

    // The rule still records the attempt: both named, the stranger held, Maya its earlier holder.
    const event = await eventOf('SHARED_WITHDRAWAL_WALLET', maya);
    expect(event.severity).toBe('HIGH');
    expect(standingOf(event, maya)).toMatchObject({ earlierHolder: true, holdExtended: false });
    expect(standingOf(event, stranger)).toMatchObject({ earlierHolder: false });
    expect(event.evidence).toMatchObject({ attempts: [{ memberId: stranger.id }] });
    expect(await isMemberHeld(db(), stranger.id)).toBe(true);
    expect(await isMemberHeld(db(), maya.id)).toBe(false);

    // Maya's next withdrawal is paid as usual: batched without MEMBER_UNDER_REVIEW, not under review for her.
    const batch = await createBatch(t.app, admin, { withdrawalIds: [pending] });
    expect(batch.statusCode, batch.body).toBe(200);
    const own = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: sessionHeaders(t.app, maya) });
    expect(own.body).not.toContain('under review');

    // Maya herself may still withdraw to her own address.
    await db().deleteFrom('payout_batches').where('id', '=', batch.json().data._id).execute();
    expect((await decide(t.app, admin, pending, { status: 'APPROVED', transactionHash: someHash() })).statusCode).toBe(
      200,
    );
    expect((await withdraw(t, maya, wallet, 5)).statusCode).toBe(200);
  });

  it('holds the stranger who withdraws to a member’s deposit address (CIRCULAR_FUNDS), not the member', async () => {
    const { sponsor, maya, pending } = await paidMember();
    const { deposit_address: depositAddress } = await db()
      .selectFrom('users')
      .select('deposit_address')
      .where('id', '=', maya.id)
      .executeTakeFirstOrThrow();
    const stranger = await register(t, sponsor, `circle.${randomBytes(3).toString('hex')}@example.net`);
    await readyToWithdraw(t, stranger, '5');
    const linked = await withdraw(t, stranger, depositAddress as string, 1);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.underReview).toBe(true);

    const event = await eventOf('CIRCULAR_FUNDS', maya);
    expect(standingOf(event, maya)).toMatchObject({ earlierHolder: true });
    expect(standingOf(event, stranger)).toMatchObject({ earlierHolder: false });
    expect(await isMemberHeld(db(), maya.id)).toBe(false);
    expect((await createBatch(t.app, admin, { withdrawalIds: [pending] })).statusCode).toBe(200);
    expect((await createBatch(t.app, admin, { withdrawalIds: [linked.json().data._id] })).json().errorCode).toBe(
      'MEMBER_UNDER_REVIEW',
    );
  });

  it('lets an administrator who may resolve extend the hold to the earlier holder, once, audited', async () => {
    const { sponsor, maya, wallet } = await paidMember();
    const stranger = await register(t, sponsor, `accomplice.${randomBytes(3).toString('hex')}@example.net`);
    await readyToWithdraw(t, stranger, '5');
    expect((await withdraw(t, stranger, wallet, 1)).statusCode).toBe(409);
    const event = await eventOf('SHARED_WITHDRAWAL_WALLET', maya);

    for (const role of ['SUPPORT', 'ANALYST'] as const) {
      const refused = await extendHold(event._id, maya, await createAdministrator(db(), role));
      expect(refused.statusCode).toBe(403);
    }
    expect((await extendHold(event._id, await createMember(db()), admin)).json().errorCode).toBe(
      'RISK_EVENT_MEMBER_NOT_FOUND',
    );
    expect(await isMemberHeld(db(), maya.id)).toBe(false);

    const finance = await createAdministrator(db(), 'FINANCE');
    const extended = await extendHold(event._id, maya, finance);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(standingOf(extended.json().data, maya)).toMatchObject({ earlierHolder: true, holdExtended: true });
    expect(await isMemberHeld(db(), maya.id)).toBe(true);
    expect((await extendHold(event._id, maya, admin)).statusCode).toBe(200);
    const audits = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('target_id', '=', event._id)
      .where('action', '=', 'RISK_HOLD_EXTENDED')
      .execute();
    expect(audits).toEqual([
      { actor_id: finance.id, after: expect.objectContaining({ memberId: maya.id, held: true }) },
    ]);

    // A confirmation now locks Maya as well as the stranger.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/risk/events/${event._id}/resolve`,
      headers: sessionHeaders(t.app, admin),
      payload: { resolution: 'CONFIRMED', note: 'One farm' },
    });
    expect(confirmed.json().data.lockedMembers).toBe(2);
  });
});
