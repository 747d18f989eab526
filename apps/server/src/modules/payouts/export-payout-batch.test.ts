import { FunctionFragment, getAddress, Interface } from 'ethers';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, payoutsUnverified } from '../../testing/builders';
import { batchOf, decide, exportBatch, seedPendingWithdrawals, someHash } from '../../testing/payout-builders';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';

const usdt = '0x55d398326f99059fF775485246999027B3197955';
const treasury = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** ERC-20's transfer as the standard declares it: the oracle of the Transaction Builder file's calls. */
const erc20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);

interface AbiInput {
  internalType: string;
  name: string;
  type: string;
}

interface BuilderCall {
  contractMethod: { name: string; payable: boolean; inputs: AbiInput[] };
  contractInputsValues: Record<string, string>;
}

/** The calldata Safe's Transaction Builder makes of a call of the file: its method as an ABI function, its values by input name. */
function calldataOf({ contractMethod, contractInputsValues }: BuilderCall): string {
  const method = FunctionFragment.from({
    type: 'function',
    name: contractMethod.name,
    inputs: contractMethod.inputs,
    stateMutability: contractMethod.payable ? 'payable' : 'nonpayable',
  });
  return new Interface([method]).encodeFunctionData(
    method,
    method.inputs.map((input) => contractInputsValues[input.name]),
  );
}

describe('an administrator exports a payout batch for Safe', () => {
  let t: TestApp;
  let administrator: UserRow;
  let batchId: string;
  let withdrawalIds: string[];
  let wallets: string[];

  beforeAll(async () => {
    const base = testConfig(payoutsUnverified());
    t = await createTestApp({
      chain: { ...base.chain, chainId: 56, usdtContractAddress: usdt.toLowerCase() },
      // Above the four-eyes limit only by choice: four-eyes.test.ts covers the approval.
      withdrawals: {
        ...base.withdrawals,
        treasuryAddresses: [treasury.toLowerCase()],
        secondApprovalAbove: '10000000',
      },
    });
    administrator = await createMember(t.database.db, { isAdmin: true });
    const member = await createMember(t.database.db);
    withdrawalIds = await seedPendingWithdrawals(t.database.db, member, ['12.34', '0.01', '999999.99', '250']);
    batchId = await batchOf(t.app, administrator, withdrawalIds);
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .select(['id', 'wallet_address'])
      .where('id', 'in', withdrawalIds)
      .execute();
    wallets = withdrawalIds.map((id) => rows.find((row) => row.id === id)?.wallet_address as string);
  });
  afterAll(() => t?.close());

  const download = (format: string, caller = administrator) => exportBatch(t.app, caller, batchId, format);

  it('writes the Safe CSV Airdrop file: erc20 lines of the USDT contract, checksummed receivers, exact amounts, blank id', async () => {
    const answer = await download('safe-csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="uplink-batch-${batchId.slice(0, 8)}-part-1-of-1-safe.csv"`,
    );
    expect(answer.body.split('\r\n')[0]).toBe('token_type,token_address,receiver,amount,id');
    // No line break after the last transfer: Safe's papaparse would read it as a row of too few fields.
    expect(answer.body.endsWith('\n')).toBe(false);
    const parsed = Papa.parse<Record<string, string>>(answer.body, { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual(
      ['12.34', '0.01', '999999.99', '250'].map((amount, index) => ({
        token_type: 'erc20',
        token_address: usdt,
        receiver: getAddress(wallets[index] as string),
        amount,
        id: '',
      })),
    );
    // EIP-55: the seeded wallets are lower case; the file carries their checksummed form.
    expect(parsed.data.some((line) => line.receiver !== line.receiver?.toLowerCase())).toBe(true);
  });

  it('writes the Transaction Builder file: one USDT transfer call per withdrawal, the value in base units (× 10^18, exact)', async () => {
    t.clock.set(new Date('2026-11-26T15:00:00Z'));
    const answer = await download('safe-json');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="uplink-batch-${batchId.slice(0, 8)}-part-1-of-1-safe.json"`,
    );
    const file = answer.json();
    expect(file).toMatchObject({
      version: '1.0',
      chainId: '56',
      createdAt: Date.parse('2026-11-26T15:00:00Z'),
      meta: {
        name: `Uplink payout batch ${batchId.slice(0, 8)}, part 1 of 1`,
        description: '4 withdrawals, 1000262.34 USDT',
        txBuilderVersion: expect.any(String),
        createdFromSafeAddress: treasury,
        checksum: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      },
    });
    expect(file.transactions).toHaveLength(4);
    const [first] = file.transactions;
    expect(first).toEqual({
      to: usdt,
      value: '0',
      data: null,
      contractMethod: {
        name: 'transfer',
        payable: false,
        // As solc's ABI declares them: an elementary input's internal type is its type.
        inputs: first.contractMethod.inputs.map(({ name, type }: AbiInput) => ({ internalType: type, name, type })),
      },
      contractInputsValues: { to: getAddress(wallets[0] as string), value: '12340000000000000000' },
    });
    // What Safe sends is ERC-20's transfer of 12.34 USDT to the member's wallet.
    expect(calldataOf(first)).toBe(
      erc20.encodeFunctionData('transfer', [getAddress(wallets[0] as string), 12_340_000_000_000_000_000n]),
    );
    expect(
      file.transactions.map((call: { contractInputsValues: { value: string } }) => call.contractInputsValues.value),
    ).toEqual(['12340000000000000000', '10000000000000000', '999999990000000000000000', '250000000000000000000']);
  });

  it('carries the same transfers at every download, less those paid since; audited with the part', async () => {
    // The batch's payment started with the first download above: its lines are claimed.
    expect(
      (await decide(t.app, administrator, withdrawalIds[2] as string, { status: 'REJECTED', reason: 'Late' })).json()
        .errorCode,
    ).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    // A payment of the batch's files proves a withdrawal as any approval does.
    await decide(t.app, administrator, withdrawalIds[0] as string, { status: 'APPROVED', transactionHash: someHash() });
    const csv = Papa.parse<Record<string, string>>((await download('safe-csv')).body, { header: true });
    expect(csv.data.map((line) => line.amount)).toEqual(['0.01', '999999.99', '250']);
    const json = (await download('safe-json')).json();
    expect(
      json.transactions.map((call: { contractInputsValues: { to: string } }) => call.contractInputsValues.to),
    ).toEqual([1, 2, 3].map((index) => getAddress(wallets[index] as string)));
    expect(json.meta.description).toBe('3 withdrawals, 1000250 USDT');

    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('target_id', '=', batchId)
      .where('action', '=', 'PAYOUT_BATCH_EXPORTED')
      .orderBy('id')
      .execute();
    expect(audits.map((audit) => audit.after)).toEqual([
      { format: 'safe-csv', part: 1, parts: 1, withdrawals: 4, total: '1000262.34' },
      { format: 'safe-json', part: 1, parts: 1, withdrawals: 4, total: '1000262.34' },
      { format: 'safe-csv', part: 1, parts: 1, withdrawals: 3, total: '1000250' },
      { format: 'safe-json', part: 1, parts: 1, withdrawals: 3, total: '1000250' },
    ]);
  });

  it('leaves out a withdrawal rejected before the first export, and refuses one with a payment of its own under way', async () => {
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['1', '2', '3']);
    const batch = await batchOf(t.app, administrator, ids);
    await decide(t.app, administrator, ids[0] as string, { status: 'REJECTED', reason: 'Wrong network' });
    // A payment under way of its own, as an approval's claim leaves it while the chain is asked.
    await t.database.db
      .updateTable('withdrawals')
      .set({ payment_claimed_at: new Date(), payment_claimed_by: administrator.id, payment_claim_hash: someHash() })
      .where('id', '=', ids[1] as string)
      .execute();
    const exportOf = () => exportBatch(t.app, administrator, batch);
    const refused = await exportOf();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    await t.database.db
      .updateTable('withdrawals')
      .set({ payment_claimed_at: null, payment_claimed_by: null, payment_claim_hash: null })
      .where('id', '=', ids[1] as string)
      .execute();
    const csv = Papa.parse<Record<string, string>>((await exportOf()).body, { header: true });
    expect(csv.data.map((line) => line.amount)).toEqual(['2', '3']);
  });

  it('refuses another format (400), an unknown batch (404) and a member (403)', async () => {
    for (const format of ['xlsx', 'safe-csv%0d%0a', '']) {
      const answer = await download(format);
      expect(answer.statusCode, format).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
    const unknown = await exportBatch(t.app, administrator, crypto.randomUUID());
    expect(unknown.json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    const member = await createMember(t.database.db);
    expect((await download('safe-csv', member)).statusCode).toBe(403);
  });
});
