import { type Funnel, type Invitee, inviteeStages } from '@uplink/contract/invitations';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { addMember, createMember, sessionHeaders } from '../../testing/builders';
import { distributeStatement, inviteeAt, transferToward } from '../../testing/invitation-builders';

describe('a member sees where each person they invited stands', () => {
  const t = testAppForFile();

  async function get<T>(
    member: UserRow,
    url: string,
  ): Promise<{ status: number; data: T; body: { errorCode: string } }> {
    const response = await t.app.inject({ method: 'GET', url, headers: sessionHeaders(t.app, member) });
    return { status: response.statusCode, data: response.json().data, body: response.json() };
  }
  const funnel = (member: UserRow, query = '') => get<Funnel>(member, `/api/referrals/funnel${query}`);
  const invitees = (member: UserRow, query = '') =>
    get<{ invitees: Invitee[]; pagination: { totalRecords: number } }>(member, `/api/referrals/invitees${query}`);
  const countOf = (result: Funnel, step: string) => result.steps.find((entry) => entry.step === step)?.count;

  it('puts each invitee at the first hurdle they have not passed, says since when and what they still need', async () => {
    const sponsor = await createMember(t.database.db);
    const at = Object.fromEntries(
      await Promise.all(inviteeStages.map(async (stage) => [stage, await inviteeAt(t.database.db, sponsor, stage)])),
    ) as Record<(typeof inviteeStages)[number], UserRow>;
    const kycMissing = await inviteeAt(t.database.db, sponsor, 'UID_LINKED', {
      bingx_kyc: false,
      bingx_balance: '500',
    });
    await distributeStatement(t.database.db, 41, [at.EARNING, at.UID_LINKED]);

    const { status, data } = await invitees(sponsor, '?limit=20');
    expect(status).toBe(200);
    const byId = new Map(data.invitees.map((invitee) => [invitee._id, invitee]));
    for (const stage of inviteeStages) expect(byId.get(at[stage].id)?.stage).toBe(stage);
    expect(byId.get(at.REGISTERED.id)?.needs).toBe('E-mail address not verified yet');
    expect(byId.get(at.EMAIL_VERIFIED.id)?.needs).toBe('Subscription not paid: 10.00 USDT due');
    expect(byId.get(at.PARTLY_PAID.id)?.needs).toBe('6.00 of 10.00 USDT still due');
    expect(byId.get(at.SUBSCRIPTION_PAID.id)?.needs).toBe('BingX UID not linked yet');
    // Copying does not make up for a balance under the compliance line: the first hurdle counts.
    expect(byId.get(at.UID_LINKED.id)?.needs).toBe('Exchange balance below 100 USD: rewards locked');
    expect(byId.get(kycMissing.id)).toMatchObject({ stage: 'UID_LINKED', needs: 'KYC not complete on the exchange' });
    expect(byId.get(at.ELIGIBLE.id)?.needs).toBe('Not copying the master trader in the last cycle');
    expect(byId.get(at.EARNING.id)).toMatchObject({ needs: null, remindableAt: null });
    expect(data.pagination.totalRecords).toBe(8);

    // The invitee as the referral history shows them to their sponsor, and nothing more.
    const shown = byId.get(at.ELIGIBLE.id) as Invitee;
    expect(Object.keys(shown).sort()).toEqual(
      [
        '_id',
        'userId',
        'firstName',
        'lastName',
        'name',
        'email',
        'status',
        'joinedAt',
        'stage',
        'stageLabel',
        'stageSince',
        'needs',
        'remindableAt',
        'reminderWithheld',
      ].sort(),
    );
    expect(JSON.stringify(data)).not.toContain(at.ELIGIBLE.bingx_uid as string);
    expect(Number.isNaN(Date.parse(shown.stageSince))).toBe(false);

    const { data: counts } = await funnel(sponsor);
    expect(counts.steps.map((step) => [step.step, step.count])).toEqual([
      ['VISITED', 0],
      ['REGISTERED', 8],
      ['EMAIL_VERIFIED', 7],
      ['SUBSCRIPTION_PAID', 5],
      ['UID_LINKED', 4],
      ['ELIGIBLE', 2],
      ['EARNING', 1],
    ]);
    expect(counts.partlyPaid).toBe(1);
    expect(counts.steps[2]?.conversion).toBeCloseTo(7 / 8);
  });

  it('moves an invitee on as each fact arrives, and the funnel with them', async () => {
    const sponsor = await createMember(t.database.db);
    const invitee = await inviteeAt(t.database.db, sponsor, 'REGISTERED');
    const stageOf = async () => (await invitees(sponsor)).data.invitees[0]?.stage;
    expect(await stageOf()).toBe('REGISTERED');

    await t.database.db.updateTable('users').set({ is_email_verified: true }).where('id', '=', invitee.id).execute();
    expect(await stageOf()).toBe('EMAIL_VERIFIED');
    await transferToward(t.database.db, invitee, '4');
    expect(await stageOf()).toBe('PARTLY_PAID');
    // The scanner credits the period: the transfers are used, the member is paid.
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ subscription_paid_at: new Date(), subscription_period_ends_at: new Date(Date.now() + 86_400_000) })
        .where('id', '=', invitee.id)
        .execute();
      await trx
        .updateTable('deposit_transfers')
        .set({ credited_period_ends_at: new Date(Date.now() + 86_400_000) })
        .where('user_id', '=', invitee.id)
        .execute();
    });
    expect(await stageOf()).toBe('SUBSCRIPTION_PAID');
    await t.database.db
      .updateTable('users')
      .set({ bingx_uid: '99887766', bingx_kyc: true, bingx_balance: '150', bingx_linked_at: new Date() })
      .where('id', '=', invitee.id)
      .execute();
    expect(await stageOf()).toBe('ELIGIBLE');
    await t.database.db.updateTable('users').set({ bingx_balance: '20' }).where('id', '=', invitee.id).execute();
    expect(await stageOf()).toBe('UID_LINKED');

    // The subscription period ends: the expiry sweep (on the app's clock) takes the member back.
    const { sweepLapsedSubscriptions } = await import('../subscription/subscription-expiry');
    await sweepLapsedSubscriptions(t.database.db, new Date(Date.now() + 2 * 86_400_000));
    expect(await stageOf()).toBe('EMAIL_VERIFIED');

    // A deleted member leaves the funnel.
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', invitee.id).execute();
    expect((await invitees(sponsor)).data.invitees).toEqual([]);
    expect(countOf((await funnel(sponsor)).data, 'REGISTERED')).toBe(0);
  });

  it('counts the registrations of a period, and those that came through the link apart', async () => {
    const sponsor = await createMember(t.database.db);
    await inviteeAt(t.database.db, sponsor, 'EMAIL_VERIFIED', { created_at: '2026-03-02T10:00:00Z' });
    await inviteeAt(t.database.db, sponsor, 'EMAIL_VERIFIED', {
      created_at: '2026-03-20T10:00:00Z',
      registered_through_link: true,
    });
    const march = (await funnel(sponsor, '?from=2026-03-01&to=2026-03-31')).data;
    expect(countOf(march, 'REGISTERED')).toBe(2);
    expect(march.registeredThroughLink).toBe(1);
    expect(march).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(countOf((await funnel(sponsor, '?from=2026-03-10&to=2026-03-31')).data, 'REGISTERED')).toBe(1);
    expect(countOf((await funnel(sponsor, '?to=2026-03-10')).data, 'REGISTERED')).toBe(1);
  });

  it('filters the invitees by stage and pages them, newest first', async () => {
    const sponsor = await createMember(t.database.db);
    const older = await inviteeAt(t.database.db, sponsor, 'REGISTERED', { created_at: '2026-01-01T00:00:00Z' });
    const newer = await inviteeAt(t.database.db, sponsor, 'REGISTERED', { created_at: '2026-02-01T00:00:00Z' });
    await inviteeAt(t.database.db, sponsor, 'SUBSCRIPTION_PAID');
    const registered = (await invitees(sponsor, '?stage=REGISTERED&limit=1')).data;
    expect(registered.invitees.map((invitee) => invitee._id)).toEqual([newer.id]);
    expect(registered.pagination.totalRecords).toBe(2);
    const second = (await invitees(sponsor, '?stage=REGISTERED&limit=1&page=2')).data;
    expect(second.invitees.map((invitee) => invitee._id)).toEqual([older.id]);
  });

  it('shows level-1 invitees only, and nobody else’s', async () => {
    const sponsor = await createMember(t.database.db);
    const direct = await inviteeAt(t.database.db, sponsor, 'REGISTERED');
    await addMember(t.database.db, direct);
    const stranger = await createMember(t.database.db);
    expect((await invitees(sponsor)).data.invitees.map((invitee) => invitee._id)).toEqual([direct.id]);
    expect((await invitees(stranger)).data.invitees).toEqual([]);
    expect(countOf((await funnel(stranger)).data, 'REGISTERED')).toBe(0);
  });

  it('refuses bad periods, stages and pages', async () => {
    const member = await createMember(t.database.db);
    for (const query of ['?from=2026-02-30', '?from=2026-03-02&to=2026-03-01', '?to=yesterday', '?from=%00']) {
      const { status, body } = await funnel(member, query);
      expect(status, query).toBe(400);
      expect(body.errorCode).toBe('VALIDATION_ERROR');
    }
    for (const query of ['?stage=VISITED', '?stage=earning', '?limit=101', '?page=0', "?stage=' OR 1=1 --"]) {
      expect((await invitees(member, query)).status, query).toBe(400);
    }
  });

  it('judges "paying" as the profile does: transfers not yet used for a period', async () => {
    const sponsor = await createMember(t.database.db);
    const invitee = await inviteeAt(t.database.db, sponsor, 'PARTLY_PAID');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: sessionHeaders(t.app, invitee),
    });
    expect(profile.json().data.subscriptionFee).toMatchObject({ paid: false, received: 4, due: 6 });
    // Used for a period (the transfers credited), they no longer count toward the next fee.
    await sql`UPDATE deposit_transfers SET credited_period_ends_at = now() WHERE user_id = ${invitee.id}`.execute(
      t.database.db,
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: sessionHeaders(t.app, invitee),
    });
    expect(after.json().data.subscriptionFee.received).toBe(0);
    expect((await invitees(sponsor)).data.invitees[0]?.stage).toBe('EMAIL_VERIFIED');
  });
});
