import { Wallet } from 'ethers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config';
import type { UserRow } from '../../db/schema';
import { fundedMember, sessionHeaders, statusesOf, verifiedWithdrawalCodes } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Many members withdrawing at once, each attempt with its own verified code: 100 members with
 * balances 1..100 USDT (and 1,000 attempts on PostgreSQL; 200 over 20 members on the embedded
 * database, which serves one statement at a time) each ask for ten withdrawals of 10 USDT.
 * Exactly the affordable ones exist: member k can afford ⌊k / 10⌋.
 */
describe('withdrawals under concurrent load', () => {
  const onServer = Boolean(process.env.TEST_DATABASE_URL);
  const members = onServer ? 100 : 20;
  const attemptsEach = 10;
  let t: TestApp;
  const funded: UserRow[] = [];

  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data' });
    t = await createTestApp({ withdrawals: { ...base.withdrawals, maxPending: attemptsEach } });
    for (let index = 1; index <= members; index += 1)
      funded.push(await fundedMember(t.database.db, String(index * (100 / members))));
  }, 300_000);
  afterAll(() => t?.close());

  it('creates exactly the withdrawals the balances cover, never a 500, never an overdraft', async () => {
    const attempts = await Promise.all(
      funded.map(async (member) => {
        const headers = sessionHeaders(t.app, member);
        const codes = await verifiedWithdrawalCodes(t, member, attemptsEach);
        return codes.map((otp) => ({ headers, otp }));
      }),
    );
    const answers = await Promise.all(
      attempts.flat().map(({ headers, otp }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/withdrawals',
          headers,
          payload: { amount: 10, walletAddress: Wallet.createRandom().address, asset: 'USDT', otp },
        }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const affordable = funded.reduce((sum, _, index) => sum + Math.floor(((index + 1) * (100 / members)) / 10), 0);
    expect(statuses.filter((status) => status === 200)).toHaveLength(affordable);
    expect(
      answers
        .filter((answer) => answer.statusCode !== 200)
        .every((answer) => answer.json().errorCode === 'INSUFFICIENT_BALANCE'),
    ).toBe(true);

    const { rows } = await sql<{ over: string }>`
      SELECT count(*)::text AS over FROM ledger_accounts WHERE debits_pending + debits_posted > credits_posted`.execute(
      t.database.db,
    );
    expect(rows[0]?.over).toBe('0');
    const withdrawals = await t.database.db.selectFrom('withdrawals').select('id').execute();
    expect(withdrawals).toHaveLength(affordable);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 300_000);
});
