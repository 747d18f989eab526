import { formatExactAmount } from '@uplink/contract/reward-figures';
import { parseStatement } from '@uplink/contract/statement-csv';
import { memberRewardStatementColumns, memberWithdrawalStatementColumns } from '@uplink/contract/statements';
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { bearer, createMember, creditReward, fundedMember, requestedWithdrawal } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

const at = (moment: string) => new Date(moment);
/** The cells of a CSV answer, line by line. */
const cellsOf = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
/**
 * The closing lines of a rewards statement: each figure under the amount's column (the ninth of
 * ten), then the one sentence that adds them up, in the first.
 */
const closingOf = (
  figures: [exact: string, credited: string, locked: string, carriedIn: string, carried: string],
  note: string,
) => [
  ...['Exact', 'Credited', 'Locked', 'Carried in', 'Carried'].map((label, index) => [
    label,
    ...Array.from({ length: 7 }, () => ''),
    figures[index],
    '',
  ]),
  [note, ...Array.from({ length: 9 }, () => '')],
];

describe('a member downloads their statements (GET /api/rewards/user/export, /api/withdrawals/export)', () => {
  let t: TestApp;
  let member: UserRow;
  let other: UserRow;
  let hostile: UserRow;
  let token: string;
  let othersWithdrawal: string;

  const download = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });

  /** What the ledger booked for the member in [start, end): reward credits, or withdrawal holds. */
  async function ledgerSum(memberId: string, kinds: string[], start: string, end: string) {
    const { rows } = await sql<{ total: string }>`
      SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries
       WHERE account_id = ${memberId} AND kind IN (${sql.join(kinds)})
         AND created_at >= ${at(start)} AND created_at < ${at(end)}`.execute(t.database.db);
    return rows[0]?.total ?? '';
  }

  beforeAll(async () => {
    t = await createTestApp();
    member = await fundedMember(t.database.db, '1000');
    other = await fundedMember(t.database.db, '1000');
    hostile = await createMember(t.database.db);
    await t.database.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://x","y")', last_name: '-2+3' })
      .where('id', '=', hostile.id)
      .execute();
    token = t.app.context.sessionTokens.sign(member.id);
    const reward = (amount: string, createdAt: string, cycle: number, extra = {}) =>
      creditReward(t.database.db, {
        beneficiary: member,
        source: hostile,
        amount,
        cycle,
        createdAt: at(createdAt),
        ...extra,
      });
    await reward('1.00000001', '2025-09-30T23:59:59.999Z', 101);
    await reward('2.5', '2025-10-01T00:00:00.000Z', 102);
    await reward('0.0043', '2025-10-15T12:00:00.000Z', 103, { level: 12, percent: '0.5' });
    await reward('7.25', '2025-10-20T08:00:00.000Z', 104, { state: 'LOCKED' });
    await reward('3', '2025-10-31T23:59:59.999Z', 105, { type: 'DIRECT' });
    await reward('100', '2025-11-01T00:00:00.000Z', 106);
    await creditReward(t.database.db, {
      beneficiary: other,
      source: member,
      amount: '55',
      cycle: 102,
      createdAt: at('2025-10-10T00:00:00Z'),
    });
    const decide = (id: string, decision: { status: 'APPROVED' | 'REJECTED'; reason?: string }, processedAt: string) =>
      t.database.db
        .updateTable('withdrawals')
        .set({
          ...decision,
          transaction_hash: decision.status === 'APPROVED' ? `0x${id.replaceAll('-', '').padEnd(64, 'a')}` : null,
          processed_at: at(processedAt),
        })
        .where('id', '=', id)
        .execute();
    const withdrawAt = async (moment: string, amount: number) => {
      t.clock.set(at(moment));
      return requestedWithdrawal(t, member, amount);
    };
    await decide(await withdrawAt('2025-09-30T23:59:59.999Z', 1), { status: 'APPROVED' }, '2025-10-02T00:00:00Z');
    await decide(await withdrawAt('2025-10-01T00:00:00.000Z', 10.5), { status: 'APPROVED' }, '2025-10-13T00:00:00Z');
    const rejected = await withdrawAt('2025-10-12T00:00:00.000Z', 5);
    await decide(rejected, { status: 'REJECTED', reason: '@SUM(1+1)*cmd|" /C calc"!A0' }, '2025-10-13T00:00:00Z');
    await withdrawAt('2025-10-31T23:59:59.999Z', 20);
    await withdrawAt('2025-11-01T00:00:00.000Z', 40);
    othersWithdrawal = await requestedWithdrawal(t, other, 30);
  }, 180_000);
  afterAll(() => t?.close());

  it('sends the rewards of the range as CSV, named for the member and the range, edges included', async () => {
    const answer = await download('/api/rewards/user/export?from=2025-10-01&to=2025-10-31');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="uplink-rewards-${member.user_id}-2025-10-01-to-2025-10-31.csv"`,
    );
    expect(cellsOf(answer.body)).toEqual([
      [...memberRewardStatementColumns],
      [
        '2025-10-01T00:00:00.000Z',
        'DOWNLINE',
        '1',
        '102',
        `'=HYPERLINK("http://x","y") -2+3`,
        hostile.user_id,
        '5',
        '100',
        '2.5',
        'POSTED',
      ],
      [
        '2025-10-15T12:00:00.000Z',
        'DOWNLINE',
        '12',
        '103',
        `'=HYPERLINK("http://x","y") -2+3`,
        hostile.user_id,
        '0.5',
        '100',
        '0.0043',
        'POSTED',
      ],
      [
        '2025-10-20T08:00:00.000Z',
        'DOWNLINE',
        '1',
        '104',
        `'=HYPERLINK("http://x","y") -2+3`,
        hostile.user_id,
        '5',
        '100',
        '7.25',
        'LOCKED',
      ],
      [
        '2025-10-31T23:59:59.999Z',
        'DIRECT',
        '1',
        '105',
        `'=HYPERLINK("http://x","y") -2+3`,
        hostile.user_id,
        '5',
        '100',
        '3',
        'POSTED',
      ],
      // The September reward left 0.00000001 carried; 0.0043 is credited 0.00, its digits carried.
      ...closingOf(
        ['12.7543', '5.5', '7.25', '0.00000001', '0.00430001'],
        'Rows are exact; the ledger books whole cents. Exact sum 12.7543 USDT = 5.50 credited + 7.25 locked − 0.00000001 carried in from before + 0.00430001 carried to your next credit.',
      ),
    ]);
  });

  it('closes with the exact sum of the rows and the ledger figures that add up to it, for any range', async () => {
    for (const [from, to, start, end] of [
      ['2025-10-01', '2025-10-31', '2025-10-01T00:00:00Z', '2025-11-01T00:00:00Z'],
      ['2025-09-30', '2025-11-01', '2025-09-30T00:00:00Z', '2025-11-02T00:00:00Z'],
      ['2025-10-16', '2025-10-16', '2025-10-16T00:00:00Z', '2025-10-17T00:00:00Z'],
    ] as const) {
      const lines = cellsOf((await download(`/api/rewards/user/export?from=${from}&to=${to}`)).body);
      const rows = lines.slice(1, -6);
      const figure = (label: string) => {
        const line = lines.find((cells) => cells[0] === label);
        expect(line, `${label} in ${from}..${to}`).toBeDefined();
        return new Decimal(line?.[8] ?? 'NaN');
      };
      const exact = rows.reduce((sum, line) => sum.plus(line[8] ?? '0'), new Decimal(0));
      expect(figure('Exact').toFixed(), `${from}..${to}`).toBe(exact.toFixed());
      expect(figure('Credited').toFixed()).toBe(
        new Decimal(await ledgerSum(member.id, ['CREDIT_POSTED'], start, end)).toFixed(),
      );
      expect(figure('Locked').toFixed()).toBe(
        new Decimal(await ledgerSum(member.id, ['CREDIT_PENDING'], start, end)).toFixed(),
      );
      expect(
        figure('Credited').plus(figure('Locked')).minus(figure('Carried in')).plus(figure('Carried')).toFixed(),
      ).toBe(exact.toFixed());
      expect(lines.at(-1)?.[0]).toContain(`Exact sum ${formatExactAmount(exact)} USDT = `);
    }
  });

  it('sends the withdrawals of the range with status, reason and hash, totalling the holds booked', async () => {
    const answer = await download('/api/withdrawals/export?from=2025-10-01&to=2025-10-31');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="uplink-withdrawals-${member.user_id}-2025-10-01-to-2025-10-31.csv"`,
    );
    const lines = cellsOf(answer.body);
    expect(lines[0]).toEqual([...memberWithdrawalStatementColumns]);
    expect(lines.slice(1).map((line) => line.slice(0, 6))).toEqual([
      ['2025-10-01T00:00:00.000Z', '10.50', 'USDT', expect.stringMatching(/^0x/), 'APPROVED', ''],
      [
        '2025-10-12T00:00:00.000Z',
        '5.00',
        'USDT',
        expect.stringMatching(/^0x/),
        'REJECTED',
        `'@SUM(1+1)*cmd|" /C calc"!A0`,
      ],
      ['2025-10-31T23:59:59.999Z', '20.00', 'USDT', expect.stringMatching(/^0x/), 'PENDING', ''],
      // Each status its own labelled total, in cents: the rejected 5 is never added to what was paid.
      ['Total approved (USDT)', '10.50', '', '', '', ''],
      ['Total pending (USDT)', '20.00', '', '', '', ''],
      ['Total rejected (USDT)', '5.00', '', '', '', ''],
      ['Total blocked (USDT)', '0.00', '', '', '', ''],
    ]);
    expect(lines[1]?.[6]).toMatch(/^0x[0-9a-f]{64}$/);
    expect(lines[2]?.[7]).toBe('2025-10-13T00:00:00.000Z');
    expect(await ledgerSum(member.id, ['DEBIT_PENDING'], '2025-10-01T00:00:00Z', '2025-11-01T00:00:00Z')).toBe(
      '35.50000000',
    );
  });

  it("never holds another member's rewards or withdrawals", async () => {
    const otherToken = t.app.context.sessionTokens.sign(other.id);
    const rewards = (await download('/api/rewards/user/export?from=2025-10-01&to=2025-10-31', otherToken)).body;
    const withdrawals = (await download('/api/withdrawals/export?from=2025-01-01&to=2027-12-31', otherToken)).body;
    expect(cellsOf(rewards).slice(1)).toEqual([
      [
        '2025-10-10T00:00:00.000Z',
        'DOWNLINE',
        '1',
        '102',
        expect.any(String),
        member.user_id,
        '5',
        '100',
        '55',
        'POSTED',
      ],
      ...closingOf(
        ['55', '55', '0', '0', '0'],
        'Rows are exact; the ledger books whole cents. Exact sum 55.00 USDT = 55.00 credited + 0.00 locked − 0.00 carried in from before + 0.00 carried to your next credit.',
      ),
    ]);
    expect(
      cellsOf(withdrawals)
        .slice(1)
        .map((line) => line[1]),
    ).toEqual(['30.00', '0.00', '30.00', '0.00', '0.00']);
    const mine = (await download('/api/withdrawals/export?from=2025-01-01&to=2027-12-31')).body;
    expect(mine).not.toContain(othersWithdrawal);
    expect(
      cellsOf(mine)
        .slice(1)
        .map((line) => line[1]),
    ).toEqual(['1.00', '10.50', '5.00', '20.00', '40.00', '11.50', '60.00', '5.00', '0.00']);
  });

  it('sends only the header and zero totals for a range without movements', async () => {
    expect(cellsOf((await download('/api/rewards/user/export?from=2020-01-01&to=2020-12-31')).body)).toEqual([
      expect.any(Array),
      ...closingOf(
        ['0', '0', '0', '0', '0'],
        'Rows are exact; the ledger books whole cents. Exact sum 0.00 USDT = 0.00 credited + 0.00 locked − 0.00 carried in from before + 0.00 carried to your next credit.',
      ),
    ]);
  });

  it.each([
    ['', 'from'],
    ['?from=2025-10-01', 'to'],
    ['?from=2025-10-31&to=2025-10-01', 'to'],
    ['?from=2025-02-30&to=2025-03-01', 'from'],
    ['?from=2025-10-01T00:00:00Z&to=2025-10-02', 'from'],
    ['?from=2000-01-01&to=2025-10-02', 'to'],
  ])('refuses the range %s (VALIDATION_ERROR on %s)', async (query, field) => {
    for (const path of ['/api/rewards/user/export', '/api/withdrawals/export']) {
      const answer = await download(`${path}${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
      expect(JSON.stringify(answer.json().data), `${path}${query}`).toContain(field);
    }
  });

  it('is documented as a text/csv download', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/rewards/user/export', '/api/withdrawals/export']) {
      expect(Object.keys(document.paths[path].get.responses['200'].content)).toEqual(['text/csv']);
    }
  });

  it('refuses a caller without a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/rewards/user/export?from=2025-10-01&to=2025-10-31' });
    expect(answer.statusCode).toBe(401);
  });

  it('writes amounts a statement upload reads back exactly', () => {
    // The writer's plain numbers are what the reader accepts: one library both ways.
    expect(parseStatement('123456,0.0043\n234567,12.7543').entries.map((entry) => entry.masterAmount)).toEqual([
      '0.0043',
      '12.7543',
    ]);
  });
});
