import { Decimal } from 'decimal.js';
import { getAddress, isAddress, keccak256, parseUnits, toUtf8Bytes } from 'ethers';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import { batchOf, seedPendingWithdrawals } from '../../testing/payout-builders';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';

/**
 * A batch's Safe{Wallet} files, read the way Safe's own apps read them.
 *
 * CSV Airdrop (bh2smith/safe-airdrop at 7434d2530021ff8f906f1a1d42e82842b2608334,
 * src/hooks/useCsvParser.ts and src/parser/validation.ts): more than 501 lines (split on any line
 * break) is refused outright; papaparse with `header: true` must report no error (a trailing line
 * break is a row of too few fields); every header is one of the app's; every row with a receiver is
 * an erc20 transfer of a valid token address to a valid receiver of a positive amount.
 *
 * Transaction Builder (safe-global/safe-react-apps at b823488a161e49ba2df510ec0d04018116ed6c63,
 * apps/tx-builder/src/lib/checksum.ts and src/store/transactionLibraryContext.tsx): the import
 * warns "This batch contains some changed properties since you saved or downloaded it" unless
 * `meta.checksum` is the keccak-256 of its own serialisation of the file (keys sorted, `meta.name`
 * as null, `meta.checksum` left out); a value or input encoded as a number is refused.
 */

/** apps/tx-builder/src/lib/checksum.ts, as written there: `stringifyReplacer` and `serializeJSONObject`. */
const stringifyReplacer = (_: string, value: unknown) => (value === undefined ? null : value);
function serializeJSONObject(json: unknown): string {
  if (Array.isArray(json)) {
    return `[${json.map((el) => serializeJSONObject(el)).join(',')}]`;
  }
  if (typeof json === 'object' && json !== null) {
    let acc = '';
    const keys = Object.keys(json).sort();
    acc += `{${JSON.stringify(keys, stringifyReplacer)}`;
    for (let i = 0; i < keys.length; i++) {
      acc += `${serializeJSONObject((json as Record<string, unknown>)[keys[i] as string])},`;
    }
    return `${acc}}`;
  }
  return `${JSON.stringify(json, stringifyReplacer)}`;
}

interface BatchFile {
  version: string;
  chainId: string;
  createdAt: number;
  meta: { name: string; checksum?: string; [key: string]: unknown };
  transactions: { to: string; value: unknown; contractInputsValues?: Record<string, unknown> | null }[];
}

/** `calculateChecksum` then `validateChecksum` (web3.utils.sha3 of the text is its keccak-256). */
function validateChecksum(batchFile: BatchFile): boolean {
  const targetObj = { ...batchFile };
  const checksum = targetObj.meta.checksum;
  delete targetObj.meta.checksum;
  const serialized = serializeJSONObject({ ...targetObj, meta: { ...targetObj.meta, name: null } });
  return keccak256(toUtf8Bytes(serialized)) === checksum;
}

/** `validateTransactionsInBatch` of transactionLibraryContext.tsx. */
const validateTransactionsInBatch = (batch: BatchFile) =>
  batch.transactions.every(
    (tx) =>
      typeof tx.value === 'string' &&
      (tx.contractInputsValues === null ||
        Object.values(tx.contractInputsValues || {}).every((input) => typeof input !== 'number')),
  );

/** useCsvParser.ts's HEADER_FIELDS and its line count. */
const headerFields = ['token_type', 'token_address', 'receiver', 'value', 'amount', 'id'];
const countLines = (text: string) => text.split(/\r\n|\r|\n/).length;

interface CsvRow {
  token_type?: string;
  token_address: string;
  receiver: string;
  amount?: string;
}

/** The transfers the CSV Airdrop app takes from a file, or why it refuses it. */
function airdropTransfers(csvText: string): { receiver: string; amount: string; token: string }[] {
  expect(countLines(csvText), 'Max number of lines exceeded').toBeLessThanOrEqual(501);
  const results = Papa.parse<CsvRow>(csvText, { header: true });
  expect(results.errors).toEqual([]);
  expect(results.meta.fields?.filter((field) => !headerFields.includes(field))).toEqual([]);
  return results.data
    .filter((row) => row.receiver !== undefined && row.receiver !== '')
    .map((row) => {
      expect(row.token_type?.toLowerCase()).toBe('erc20');
      expect(isAddress(row.token_address)).toBe(true);
      expect(isAddress(row.receiver)).toBe(true);
      expect(new Decimal(row.amount ?? '').greaterThan(0)).toBe(true);
      return { receiver: row.receiver, amount: row.amount ?? '', token: row.token_address };
    });
}

const usdt = '0x55d398326f99059fF775485246999027B3197955';

describe('Safe{Wallet} files of a batch, in parts Safe accepts', () => {
  let t: TestApp;
  let administrator: UserRow;

  beforeAll(async () => {
    const base = testConfig(payoutsUnverified());
    t = await createTestApp({
      chain: { ...base.chain, chainId: 56, usdtContractAddress: usdt.toLowerCase() },
      withdrawals: { ...base.withdrawals, secondApprovalAbove: '100000000' },
    });
    administrator = await createMember(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const download = (batchId: string, format: string, part?: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}/export?format=${format}${part === undefined ? '' : `&part=${part}`}`,
      headers: sessionHeaders(t.app, administrator),
    });

  /** A batch of `count` pending withdrawals of varied whole-cent amounts; its lines' wallets and amounts in order. */
  async function batchOfCount(count: number) {
    const member = await createMember(t.database.db);
    const amounts = Array.from(
      { length: count },
      (_, index) => `${(index % 997) + 1}.${String(index % 100).padStart(2, '0')}`,
    );
    const ids = await seedPendingWithdrawals(t.database.db, member, amounts);
    const batchId = await batchOf(t.app, administrator, ids);
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .select(['id', 'wallet_address'])
      .where('user_id', '=', member.id)
      .execute();
    const walletOf = new Map(rows.map((row) => [row.id, getAddress(row.wallet_address)]));
    const lines = ids.map((id, index) => ({
      receiver: walletOf.get(id) as string,
      amount: new Decimal(amounts[index] as string).toFixed(),
    }));
    return { batchId, lines };
  }

  async function partsOf(batchId: string) {
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: sessionHeaders(t.app, administrator),
    });
    return detail.json().data.parts as { format: string; part: number; count: number; total: number }[];
  }

  for (const count of [1, 499, 500, 10_000]) {
    it(`exports ${count.toLocaleString('en-US')} withdrawals in CSV Airdrop parts of at most 499 and Transaction Builder parts of at most 300, each accepted as Safe reads it`, async () => {
      const { batchId, lines } = await batchOfCount(count);
      const parts = await partsOf(batchId);
      const csvParts = Math.ceil(count / 499);
      const jsonParts = Math.ceil(count / 300);
      expect(parts.filter((part) => part.format === 'safe-csv').map((part) => part.part)).toEqual(
        Array.from({ length: csvParts }, (_, index) => index + 1),
      );
      expect(parts.filter((part) => part.format === 'safe-json')).toHaveLength(jsonParts);

      const csvTransfers: { receiver: string; amount: string }[] = [];
      for (let part = 1; part <= csvParts; part += 1) {
        const answer = await download(batchId, 'safe-csv', part);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.headers['content-disposition']).toBe(
          `attachment; filename="uplink-batch-${batchId.slice(0, 8)}-part-${part}-of-${csvParts}-safe.csv"`,
        );
        const transfers = airdropTransfers(answer.body);
        expect(transfers.length).toBeLessThanOrEqual(499);
        expect(new Set(transfers.map((transfer) => transfer.token))).toEqual(new Set([usdt]));
        const listed = parts.find((one) => one.format === 'safe-csv' && one.part === part);
        expect(listed?.count).toBe(transfers.length);
        expect(
          new Decimal(listed?.total ?? 0).eq(
            transfers.reduce((sum, transfer) => sum.plus(transfer.amount), new Decimal(0)),
          ),
        ).toBe(true);
        csvTransfers.push(...transfers.map(({ receiver, amount }) => ({ receiver, amount })));
      }
      expect(csvTransfers).toEqual(lines);

      const jsonTransfers: { receiver: string; amount: string }[] = [];
      for (let part = 1; part <= jsonParts; part += 1) {
        const answer = await download(batchId, 'safe-json', part);
        expect(answer.statusCode, answer.body).toBe(200);
        const file = JSON.parse(answer.body) as BatchFile;
        expect(file.chainId).toBe('56');
        expect(typeof file.meta.checksum).toBe('string');
        expect(validateTransactionsInBatch(file)).toBe(true);
        expect(validateChecksum(file), `part ${part}: the builder would warn of changed properties`).toBe(true);
        expect(file.transactions.length).toBeLessThanOrEqual(300);
        const noun = file.transactions.length === 1 ? 'withdrawal' : 'withdrawals';
        expect(file.meta.description).toMatch(
          new RegExp(`^${file.transactions.length.toLocaleString('en-US')} ${noun}, `),
        );
        for (const transaction of file.transactions) {
          expect(transaction.to).toBe(usdt);
          const inputs = transaction.contractInputsValues as { to: string; value: string };
          jsonTransfers.push({ receiver: inputs.to, amount: inputs.value });
        }
      }
      expect(jsonTransfers).toEqual(
        lines.map((line) => ({ receiver: line.receiver, amount: parseUnits(line.amount, 18).toString() })),
      );

      // Part 1 when a part is not named on a one-part batch; a part past the end is not found.
      const unnamed = await download(batchId, 'safe-json');
      if (jsonParts === 1) expect(JSON.parse(unnamed.body).transactions).toHaveLength(count);
      else expect(unnamed.statusCode).toBe(400);
      const past = await download(batchId, 'safe-csv', csvParts + 1);
      expect(past.statusCode).toBe(404);
      expect(past.json().errorCode).toBe('PAYOUT_BATCH_PART_NOT_FOUND');
    }, 300_000);
  }

  it('refuses a checksum of a file changed after its download, as the builder does', async () => {
    const { batchId } = await batchOfCount(2);
    const file = JSON.parse((await download(batchId, 'safe-json')).body) as BatchFile & {
      transactions: { contractInputsValues: { value: string } }[];
    };
    const tampered = structuredClone(file);
    (tampered.transactions[0] as { contractInputsValues: { value: string } }).contractInputsValues.value = '1';
    expect(validateChecksum(tampered)).toBe(false);
    // Renaming the batch in the builder changes nothing: the name is left out of the checksum.
    expect(validateChecksum({ ...structuredClone(file), meta: { ...file.meta, name: 'Renamed' } })).toBe(true);
  });
});
