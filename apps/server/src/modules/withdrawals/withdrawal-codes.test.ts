import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { fundedMember, latestWithdrawalCode, mailTo, sessionHeaders, statusesOf } from '../../testing/builders';

describe('one-time codes for withdrawals', () => {
  const t = testAppForFile();

  async function member() {
    const row = await fundedMember(t.database.db, '100');
    return { row, headers: sessionHeaders(t.app, row) };
  }
  const requestCode = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers: { ...headers, ...extra } });
  const verify = (headers: Record<string, string>, otp: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/verify', headers, payload: { otp } });
  const status = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/otp/withdrawal/status', headers })).json().data;
  const withdraw = (headers: Record<string, string>, otp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers,
      payload: { amount: 10, walletAddress: Wallet.createRandom().address, asset: 'USDT', otp },
    });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('e-mails a 6-digit code valid 10 minutes, stored only as a hash', async () => {
    const { row, headers } = await member();
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    const response = await requestCode(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ expiresAt: '2026-11-23T10:10:00.000Z' });
    const code = await latestWithdrawalCode(t.database.db, row.email);
    const stored = await t.database.db
      .selectFrom('withdrawal_codes')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await status(headers)).toEqual({
      active: true,
      verified: false,
      expiresAt: '2026-11-23T10:10:00.000Z',
      attemptsLeft: 5,
    });
  });

  it('takes the empty body with or without a JSON content type', async () => {
    const { headers } = await member();
    expect((await requestCode(headers, { 'content-type': 'application/json' })).statusCode).toBe(200);
    expect((await requestCode(headers)).statusCode).toBe(200);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/request',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('verifies the right code and counts wrong ones: 5 tries, then the code is dead', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const code = await latestWithdrawalCode(t.database.db, row.email);
    for (let left = 4; left >= 1; left -= 1) {
      const answer = await verify(headers, wrongCode(code));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        errorCode: 'INVALID_OTP',
        message: `Invalid OTP code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      });
    }
    expect((await verify(headers, wrongCode(code))).json().message).toBe(
      'Too many wrong codes. Please request a new code.',
    );
    // The sixth try, even with the right code, finds it dead.
    const sixth = await verify(headers, code);
    expect(sixth.json()).toMatchObject({
      errorCode: 'INVALID_OTP',
      message: 'Too many wrong codes. Please request a new code.',
    });
    expect(await status(headers)).toMatchObject({ active: false, verified: false, attemptsLeft: 0 });
  });

  it('does not let concurrent guesses take more than 5 tries', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const code = await latestWithdrawalCode(t.database.db, row.email);
    await Promise.all(Array.from({ length: 12 }, () => verify(headers, wrongCode(code))));
    const [stored] = await t.database.db
      .selectFrom('withdrawal_codes')
      .select('attempts')
      .where('user_id', '=', row.id)
      .execute();
    expect(stored?.attempts).toBe(5);
    expect((await verify(headers, code)).statusCode).toBe(400);
  });

  it('accepts the right code, and says a verified code is verified', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const code = await latestWithdrawalCode(t.database.db, row.email);
    expect((await verify(headers, code)).statusCode).toBe(200);
    expect(await status(headers)).toMatchObject({ active: true, verified: true });
  });

  it('refuses an expired code', async () => {
    const { row, headers } = await member();
    t.clock.set(new Date('2026-11-23T11:00:00Z'));
    await requestCode(headers);
    const code = await latestWithdrawalCode(t.database.db, row.email);
    t.clock.set(new Date('2026-11-23T11:10:01Z'));
    expect((await verify(headers, code)).json()).toMatchObject({
      errorCode: 'INVALID_OTP',
      message: 'The code has expired. Please request a new code.',
    });
    t.clock.set(new Date());
  });

  it('replaces the previous code with a new one', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const first = await latestWithdrawalCode(t.database.db, row.email);
    t.clock.set(new Date(Date.now() + 1000)); // the mails' order is their time
    await requestCode(headers);
    const second = await latestWithdrawalCode(t.database.db, row.email);
    if (first !== second) expect((await verify(headers, first)).statusCode).toBe(400);
    expect((await verify(headers, second)).statusCode).toBe(200);
    t.clock.set(new Date());
  });

  it('sends at most 5 codes in 15 minutes', async () => {
    const { row, headers } = await member();
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push((await requestCode(headers)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await mailTo(t.database.db, row.email)).filter((mail) => mail.subject.includes('withdrawal code')),
    ).toHaveLength(5);
  });

  it('counts the code limit atomically: concurrent requests store and mail exactly 5 codes', async () => {
    const { row, headers } = await member();
    // 20 at once: as many as the per-member request limit lets through to the count.
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestCode(headers)));
    expect(statusesOf(answers).filter((answer) => answer === 200)).toHaveLength(5);
    expect(statusesOf(answers).filter((answer) => answer !== 200 && answer !== 429)).toEqual([]);
    const stored = await t.database.db
      .selectFrom('withdrawal_codes')
      .select('id')
      .where('user_id', '=', row.id)
      .execute();
    expect(stored).toHaveLength(5);
    expect(
      (await mailTo(t.database.db, row.email)).filter((mail) => mail.subject.includes('withdrawal code')),
    ).toHaveLength(5);
  });

  it('checks the digits of a verified code too, within its 5 tries', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const code = await latestWithdrawalCode(t.database.db, row.email);
    expect((await verify(headers, code)).statusCode).toBe(200);
    const wrong = await verify(headers, wrongCode(code));
    expect(wrong.json()).toMatchObject({ errorCode: 'INVALID_OTP', message: 'Invalid OTP code. 3 tries left.' });
    expect((await verify(headers, code)).statusCode).toBe(200);
    for (let index = 0; index < 3; index += 1) await verify(headers, wrongCode(code));
    // Out of tries: no more answers about the digits, yet the member's verified code still withdraws.
    expect((await verify(headers, code)).json().message).toBe('Too many wrong codes. Please request a new code.');
    expect((await withdraw(headers, code)).statusCode).toBe(200);
  });

  it('ends an older code, verified or not, when a new one is requested', async () => {
    const { row, headers } = await member();
    await requestCode(headers);
    const older = await latestWithdrawalCode(t.database.db, row.email);
    expect((await verify(headers, older)).statusCode).toBe(200);
    t.clock.set(new Date(Date.now() + 1000)); // the mails' order is their time
    await requestCode(headers);
    const newer = await latestWithdrawalCode(t.database.db, row.email);
    expect(await status(headers)).toMatchObject({ active: true, verified: false });
    if (older !== newer) {
      expect((await withdraw(headers, older)).json().errorCode).toBe('INVALID_OTP');
      expect((await verify(headers, older)).statusCode).toBe(400);
    }
    expect((await verify(headers, newer)).statusCode).toBe(200);
    expect((await withdraw(headers, newer)).statusCode).toBe(200);
    t.clock.set(new Date());
  });

  it.each([[''], ['12345'], ['1234567'], ['abcdef'], [123456], [null]])(
    'answers VALIDATION_ERROR to the code %j',
    async (otp) => {
      const { headers } = await member();
      const answer = await verify(headers, otp);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    },
  );

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request' })).statusCode).toBe(401);
  });
});
