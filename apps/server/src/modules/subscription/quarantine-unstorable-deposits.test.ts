import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import { metricsRegistry } from '../../metrics-registry';
import { createMember, sessionHeaders } from '../../testing/builders';
import { createLocalChainTestApp } from '../../testing/local-chain-app';
import type { TestApp } from '../../testing/test-app';
import { createDepositScanner } from './deposit-scanner';

/** 10^21 USDT in the token's 18-decimal units: more than NUMERIC(38,18) holds (under 10^20). */
const unstorableUnits = 10n ** 39n;
/** 6 × 10^19 USDT: storable alone, but two of them overflow a period's amount. */
const hugeButStorableUnits = 6n * 10n ** 37n;

/**
 * The attack run's poison log: a transfer too large for the ledger used to fail every later scan
 * and freeze the cursor, so nobody else's payment was ever credited. Such a log is quarantined
 * (stored as it came, counted, listed for administrators) and the scan moves on.
 */
describe('deposit logs the ledger cannot hold', () => {
  let t: TestApp;
  let chain: LocalUsdtChain;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    chain = await startLocalUsdtChain();
    t = await createLocalChainTestApp(chain, 2);
    const admin = await createMember(t.database.db, { isAdmin: true });
    adminHeaders = sessionHeaders(t.app, admin);
  }, 180_000);
  afterAll(() => t?.close());

  async function memberWithAddress() {
    const member = await createMember(t.database.db);
    const address = Wallet.createRandom().address;
    await t.database.db.updateTable('users').set({ deposit_address: address }).where('id', '=', member.id).execute();
    return { id: member.id, address };
  }

  const scanAll = () => {
    const scanner = createDepositScanner(t.app.context);
    if (!scanner) throw new Error('no scanner');
    return scanner.scanPending();
  };
  const paidPeriodEnd = async (memberId: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('subscription_period_ends_at')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).subscription_period_ends_at;
  const quarantinedCount = async () =>
    (await metricsRegistry.getSingleMetric('uplink_deposit_logs_quarantined_total')?.get())?.values[0]?.value ?? 0;
  const cursorBlock = async () =>
    Number(
      (await t.database.db.selectFrom('chain_scan_cursors').select('last_block').executeTakeFirstOrThrow()).last_block,
    );

  it("quarantines the log, moves the cursor on and credits another member's payment", async () => {
    t.clock.set(new Date());
    const attacker = await memberWithAddress();
    const payer = await memberWithAddress();
    const counted = await quarantinedCount();
    const poison = await chain.mint(attacker.address, unstorableUnits);
    await chain.pay(payer.address, '10');
    await chain.mine(2);

    const scan = await scanAll();
    expect(scan.membersCredited).toBeGreaterThanOrEqual(1);
    expect(await paidPeriodEnd(payer.id)).not.toBeNull();
    expect(await paidPeriodEnd(attacker.id)).toBeNull();
    expect(await cursorBlock()).toBe(scan.toBlock);

    const quarantined = await t.database.db
      .selectFrom('deposit_quarantine')
      .selectAll()
      .where('tx_hash', '=', poison.txHash)
      .execute();
    expect(quarantined).toEqual([
      {
        tx_hash: poison.txHash,
        log_index: expect.any(Number),
        block_number: expect.anything(),
        from_address: '0x0000000000000000000000000000000000000000',
        to_address: attacker.address.toLowerCase(),
        raw_amount: unstorableUnits.toString(),
        reason: 'The amount (1000000000000000000000 USDT) exceeds what the deposit ledger holds (NUMERIC(38,18))',
        quarantined_at: t.clock.now(),
      },
    ]);
    expect(await quarantinedCount()).toBe(counted + 1);

    // Read again (a rescan, a refresh): quarantined once, counted once.
    await t.database.db.deleteFrom('chain_scan_cursors').execute();
    await scanAll();
    expect(await quarantinedCount()).toBe(counted + 1);
    const again = await t.database.db.selectFrom('deposit_quarantine').select('tx_hash').execute();
    expect(again.filter((row) => row.tx_hash === poison.txHash)).toHaveLength(1);
  });

  it('keeps crediting the others when one member holds transfers whose sum the ledger cannot hold', async () => {
    const attacker = await memberWithAddress();
    const payer = await memberWithAddress();
    await chain.mint(attacker.address, hugeButStorableUnits);
    await chain.mint(attacker.address, hugeButStorableUnits);
    await chain.pay(payer.address, '10');
    await chain.mine(2);
    await scanAll();
    expect(await paidPeriodEnd(payer.id)).not.toBeNull();
    expect(await paidPeriodEnd(attacker.id)).toBeNull();
  });

  it('lists the quarantined logs for administrators, newest first', async () => {
    const attacker = await memberWithAddress();
    const poison = await chain.mint(attacker.address, unstorableUnits + 1n);
    await chain.mine(2);
    t.clock.set(new Date(Date.now() + 60_000));
    await scanAll();

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/admin/quarantined-deposits',
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    const { deposits, total } = response.json().data;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(deposits[0]).toEqual({
      transactionHash: poison.txHash,
      logIndex: expect.any(Number),
      blockNumber: expect.any(Number),
      fromAddress: '0x0000000000000000000000000000000000000000',
      toAddress: attacker.address.toLowerCase(),
      rawAmount: (unstorableUnits + 1n).toString(),
      reason: expect.stringContaining('exceeds what the deposit ledger holds'),
      quarantinedAt: t.clock.now().toISOString(),
    });
  });

  it('is listed for administrators only', async () => {
    const member = await createMember(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/admin/quarantined-deposits',
      headers: sessionHeaders(t.app, member),
    });
    expect(response.statusCode).toBe(403);
  });
});
