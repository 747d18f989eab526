import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember, signIn } from '../../testing/builders';

describe('profile', () => {
  const t = testAppForFile();

  const profile = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile', headers });

  it('returns the signed-in member as data', async () => {
    const sponsor = await createMember(t.database.db);
    const member = await createMember(t.database.db, { firstName: 'Katherine', sponsorId: sponsor.id });
    await t.database.db
      .updateTable('users')
      .set({
        deposit_address: '0x1111111111111111111111111111111111111111',
        bingx_uid: '12345678',
        subscription_paid_at: new Date('2026-01-02T03:04:05Z'),
        subscription_amount: '10.000000000000000000',
        subscription_period_ends_at: new Date(Date.now() + 86_400_000),
        subscription_tx_hash: '0xabc',
      })
      .where('id', '=', member.id)
      .execute();
    const response = await profile(bearer(await signIn(t.app, member.email)));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, errorCode: null });
    expect(body.data).toEqual({
      _id: member.id,
      userId: member.user_id,
      firstName: 'Katherine',
      lastName: 'Lovelace',
      email: member.email,
      isEmailVerified: true,
      isAdmin: false,
      referralCode: member.referral_code,
      bingXUID: '12345678',
      status: 'ACTIVE',
      subscriptionFee: {
        paid: true,
        timestamp: '2026-01-02T03:04:05.000Z',
        amount: 10,
        transactionHash: '0xabc',
        periodEndsAt: expect.any(String),
        received: 0,
        due: 0,
      },
      walletAddress: '0x1111111111111111111111111111111111111111',
      lastLogin: expect.any(String),
      createdAt: member.created_at.toISOString(),
    });
    expect(body.data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('shows an unpaid subscription as not paid', async () => {
    const member = await createMember(t.database.db);
    const body = (await profile(bearer(await signIn(t.app, member.email)))).json();
    expect(body.data.subscriptionFee).toEqual({
      paid: false,
      timestamp: null,
      amount: null,
      transactionHash: null,
      periodEndsAt: null,
      received: 0,
      due: 10,
    });
  });

  it('counts toward the fee only confirmed transfers not yet used for a period and made since the account exists', async () => {
    const member = await createMember(t.database.db);
    const transfer = (amount: string, blockTime: Date, used = false, index = 0) => ({
      user_id: member.id,
      tx_hash: `0x${randomBytes(32).toString('hex')}`,
      log_index: index,
      block_number: '100',
      block_hash: `0x${'b'.repeat(64)}`,
      block_time: blockTime,
      from_address: '0xpayer',
      to_address: '0xdeposit',
      amount,
      credited_period_ends_at: used ? new Date('2020-01-01T00:00:00Z') : null,
    });
    await t.database.db
      .insertInto('deposit_transfers')
      .values([
        transfer('1.25', new Date()),
        transfer('3.000000001', new Date(), false, 1),
        transfer('10', new Date(), true),
        transfer('7', new Date(member.created_at.getTime() - 86_400_000)),
      ])
      .execute();
    const body = (await profile(bearer(await signIn(t.app, member.email)))).json();
    // 4.250000001 arrived: shown rounded down, the rest rounded up, so the two add up to the fee.
    expect(body.data.subscriptionFee).toMatchObject({ paid: false, amount: null, received: 4.25, due: 5.75 });
  });

  it('answers 401 UNAUTHORIZED without a token, with a bad one or an expired one; 403 ACCOUNT_DISABLED to a disabled member', async () => {
    const { secret, id: kid } = t.config.keys.sessions.current;
    const member = await createMember(t.database.db);
    const expired = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject(member.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new Uint8Array(secret));
    const forged = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject(member.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const disabled = await createMember(t.database.db);
    const disabledToken = await signIn(t.app, disabled.email);
    await t.database.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', disabled.id).execute();

    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('not-a-jwt'),
      bearer(expired),
      bearer(forged),
    ]) {
      const response = await profile(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED', data: null });
    }
    // A disabled member's session ends with its own code (it answered 401 UNAUTHORIZED before).
    const refused = await profile(bearer(disabledToken));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'ACCOUNT_DISABLED', data: null });
  });
});
