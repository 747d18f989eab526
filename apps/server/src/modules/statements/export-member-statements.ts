import { fullName } from '@uplink/contract/format';
import {
  memberRewardStatementColumns,
  memberWithdrawalStatementColumns,
  rewardStatementClosing,
  type StatementKind,
  type StatementRange,
  statementFileName,
  statementMoments,
  withdrawalStatementTotals,
} from '@uplink/contract/statements';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import { csvStream } from '../../csv/csv-stream';
import { type CsvColumn, cellText, csvHeader, csvLines, csvRows } from '../../csv/csv-writer';
import {
  findMemberNumber,
  findPeriodLedger,
  findStatementRewards,
  findStatementWithdrawals,
  type MemberPeriod,
  type StatementRewardRow,
  type StatementWithdrawalRow,
} from './member-statements-repository';

/** A CSV file being produced: its name and its text, a piece at a time. */
export interface CsvDownload {
  fileName: string;
  body: AsyncGenerator<string>;
}

type RewardColumn = (typeof memberRewardStatementColumns)[number];
type WithdrawalColumn = (typeof memberWithdrawalStatementColumns)[number];

const rewardCells: Record<RewardColumn, Omit<CsvColumn<StatementRewardRow>, 'header'>> = {
  date: { kind: 'moment', value: (row) => row.created_at },
  type: { kind: 'text', value: (row) => row.type },
  level: { kind: 'integer', value: (row) => row.level },
  cycle: { kind: 'integer', value: (row) => row.cycle },
  fromMemberName: {
    kind: 'text',
    value: (row) => fullName({ firstName: row.source_first_name ?? '', lastName: row.source_last_name ?? '' }),
  },
  fromMemberUserId: { kind: 'text', value: (row) => row.source_user_number },
  percent: { kind: 'amount', value: (row) => row.percent },
  masterAmount: { kind: 'amount', value: (row) => row.master_amount },
  rewardAmount: { kind: 'amount', value: (row) => row.reward_amount },
  state: { kind: 'text', value: (row) => row.state },
};

const withdrawalCells: Record<WithdrawalColumn, Omit<CsvColumn<StatementWithdrawalRow>, 'header'>> = {
  requestedAt: { kind: 'moment', value: (row) => row.requested_at },
  amount: { kind: 'money', value: (row) => row.amount },
  asset: { kind: 'text', value: (row) => row.asset },
  walletAddress: { kind: 'text', value: (row) => row.wallet_address },
  status: { kind: 'text', value: (row) => row.status },
  reason: { kind: 'text', value: (row) => row.reason },
  transactionHash: { kind: 'text', value: (row) => row.transaction_hash },
  processedAt: { kind: 'moment', value: (row) => row.processed_at },
  withdrawalId: { kind: 'text', value: (row) => row.id },
};

const columnsOf = <Name extends string, Row>(
  names: readonly Name[],
  cells: Record<Name, Omit<CsvColumn<Row>, 'header'>>,
): CsvColumn<Row>[] => names.map((name) => ({ header: name, ...cells[name] }));

const rewardColumns = columnsOf(memberRewardStatementColumns, rewardCells);
const withdrawalColumns = columnsOf(memberWithdrawalStatementColumns, withdrawalCells);

/**
 * Closing lines: a label under the first column, an amount under the amount's (written as its
 * column writes amounts); a note alone in the first.
 */
function closingLines<Row>(
  columns: readonly CsvColumn<Row>[],
  amountColumn: string,
  closing: { totals: readonly (readonly [label: string, amount: string])[]; note?: string },
): string {
  const amountIndex = columns.findIndex((column) => column.header === amountColumn);
  const amountKind = columns[amountIndex]?.kind ?? 'amount';
  const line = (first: string, amount?: string) => {
    const cells = Array.from({ length: columns.length }, () => '');
    cells[0] = first;
    if (amount !== undefined) cells[amountIndex] = cellText(amountKind, amount);
    return cells;
  };
  return csvLines([
    ...closing.totals.map(([label, amount]) => line(label, amount)),
    ...(closing.note ? [line(closing.note)] : []),
  ]);
}

/** What a statement closes with, from the rows it wrote (told one chunk at a time). */
interface Closing<Row> {
  add: (rows: Row[]) => void;
  lines: () => { totals: readonly (readonly [label: string, amount: string])[]; note?: string };
}

async function download<Row>(
  deps: Pick<AppContext, 'db'>,
  kind: StatementKind,
  memberId: string,
  range: StatementRange,
  statement: {
    columns: CsvColumn<Row>[];
    amountColumn: string;
    read: (db: AppContext['db'], period: MemberPeriod, last: Row | undefined, limit: number) => Promise<Row[]>;
    closing: (db: AppContext['db'], period: MemberPeriod) => Promise<Closing<Row>>;
  },
): Promise<CsvDownload> {
  const period = { memberId, ...statementMoments(range) };
  const userId = await findMemberNumber(deps.db, memberId);
  const { columns, read } = statement;
  const closing = await statement.closing(deps.db, period);
  return {
    fileName: statementFileName(kind, userId, range),
    body: csvStream<Row>({
      header: csvHeader(columns),
      readChunk: (last, limit) => read(deps.db, period, last, limit),
      lines: (rows) => csvRows(columns, rows),
      onRows: closing.add,
      closingLine: () => closingLines(columns, statement.amountColumn, closing.lines()),
    }),
  };
}

/**
 * The caller's rewards written in the range, oldest first, exact amounts; then `Exact` (their
 * sum), what the ledger credited and locked in the range in whole cents, the remainder carried in
 * from before and carried on, and the line that adds them up (`rewardStatementClosing`).
 */
export function exportMemberRewards(deps: Pick<AppContext, 'db'>, memberId: string, range: StatementRange) {
  return download<StatementRewardRow>(deps, 'rewards', memberId, range, {
    columns: rewardColumns,
    amountColumn: 'rewardAmount',
    read: findStatementRewards,
    closing: async (db, period) => {
      const ledger = await findPeriodLedger(db, period);
      let exact = new Decimal(0);
      return {
        add: (rows) => {
          for (const row of rows) exact = exact.plus(row.reward_amount);
        },
        lines: () => rewardStatementClosing(exact.toFixed(), ledger),
      };
    },
  });
}

/**
 * The caller's withdrawals requested in the range, oldest first, amounts in cents (`5.00`); then
 * the sum of each status on its own labelled line (`Total approved (USDT)`, …): never one total
 * adding what was paid to what was refused.
 */
export function exportMemberWithdrawals(deps: Pick<AppContext, 'db'>, memberId: string, range: StatementRange) {
  return download<StatementWithdrawalRow>(deps, 'withdrawals', memberId, range, {
    columns: withdrawalColumns,
    amountColumn: 'amount',
    read: findStatementWithdrawals,
    closing: async () => {
      const sums = new Map<string, Decimal>();
      return {
        add: (rows) => {
          for (const row of rows) sums.set(row.status, (sums.get(row.status) ?? new Decimal(0)).plus(row.amount));
        },
        lines: () => ({
          totals: withdrawalStatementTotals.map(
            ([status, label]) => [label, (sums.get(status) ?? new Decimal(0)).toFixed()] as const,
          ),
        }),
      };
    },
  });
}
