import { fullName } from '@uplink/contract/format';
import {
  memberRewardStatementColumns,
  memberWithdrawalStatementColumns,
  type StatementKind,
  type StatementRange,
  statementFileName,
  statementMoments,
} from '@uplink/contract/statements';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import { csvStream } from './csv-stream';
import { type CsvColumn, csvHeader, csvLines, csvRows, plainAmount } from './csv-writer';
import {
  findMemberNumber,
  findStatementRewards,
  findStatementWithdrawals,
  type MemberPeriod,
  type StatementRewardRow,
  type StatementWithdrawalRow,
  sumLedgerCredits,
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
  amount: { kind: 'amount', value: (row) => row.amount },
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

/** Closing lines: a label under the first column, an amount under the amount's. */
function closingLines(columnCount: number, amountIndex: number, totals: [label: string, amount: string][]): string {
  return csvLines(
    totals.map(([label, amount]) => {
      const cells = Array.from({ length: columnCount }, () => '');
      cells[0] = label;
      cells[amountIndex] = plainAmount(amount);
      return cells;
    }),
  );
}

async function download<Row>(
  deps: Pick<AppContext, 'db'>,
  kind: StatementKind,
  memberId: string,
  range: StatementRange,
  statement: {
    columns: CsvColumn<Row>[];
    amountColumn: string;
    amountOf: (row: Row) => string;
    read: (db: AppContext['db'], period: MemberPeriod, last: Row | undefined, limit: number) => Promise<Row[]>;
    /** What the ledger booked for the period, when it differs from the exact total (a closing line of its own). */
    ledger?: { label: string; sum: (db: AppContext['db'], period: MemberPeriod) => Promise<string> };
  },
): Promise<CsvDownload> {
  const period = { memberId, ...statementMoments(range) };
  const userId = await findMemberNumber(deps.db, memberId);
  let total = new Decimal(0);
  const { columns, read, ledger } = statement;
  const ledgerTotal: [string, string][] = ledger ? [[ledger.label, await ledger.sum(deps.db, period)]] : [];
  return {
    fileName: statementFileName(kind, userId, range),
    body: csvStream<Row>({
      header: csvHeader(columns),
      readChunk: (last, limit) => read(deps.db, period, last, limit),
      lines: (rows) => csvRows(columns, rows),
      onRows: (rows) => {
        for (const row of rows) total = total.plus(statement.amountOf(row));
      },
      closingLine: () =>
        closingLines(
          columns.length,
          columns.findIndex((column) => column.header === statement.amountColumn),
          [['Total', total.toFixed()], ...ledgerTotal],
        ),
    }),
  };
}

/**
 * The caller's rewards written in the range, oldest first, exact amounts; `Total` sums them, and
 * `Credited` is what the ledger credited in the same range (posted or locked, whole cents: the
 * remainder under a cent is carried to the next credit, so the two differ by less than a cent
 * per credit).
 */
export function exportMemberRewards(deps: Pick<AppContext, 'db'>, memberId: string, range: StatementRange) {
  return download<StatementRewardRow>(deps, 'rewards', memberId, range, {
    columns: rewardColumns,
    amountColumn: 'rewardAmount',
    amountOf: (row) => row.reward_amount,
    read: findStatementRewards,
    ledger: { label: 'Credited', sum: sumLedgerCredits },
  });
}

/**
 * The caller's withdrawals requested in the range, oldest first; the last line totals them (the
 * holds the ledger booked for them in the same range).
 */
export function exportMemberWithdrawals(deps: Pick<AppContext, 'db'>, memberId: string, range: StatementRange) {
  return download<StatementWithdrawalRow>(deps, 'withdrawals', memberId, range, {
    columns: withdrawalColumns,
    amountColumn: 'amount',
    amountOf: (row) => row.amount,
    read: findStatementWithdrawals,
  });
}
