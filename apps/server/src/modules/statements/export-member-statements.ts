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

/** The closing line: `Total` under the first column, the exact sum under the amount's. */
function totalLine(columnCount: number, amountIndex: number, total: Decimal): string {
  const cells = Array.from({ length: columnCount }, () => '');
  cells[0] = 'Total';
  cells[amountIndex] = plainAmount(total.toFixed());
  return csvLines([cells]);
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
  },
): Promise<CsvDownload> {
  const period = { memberId, ...statementMoments(range) };
  const userId = await findMemberNumber(deps.db, memberId);
  let total = new Decimal(0);
  const { columns, read } = statement;
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
        totalLine(
          columns.length,
          columns.findIndex((column) => column.header === statement.amountColumn),
          total,
        ),
    }),
  };
}

/**
 * The caller's rewards written in the range, oldest first, exact amounts; the last line totals
 * them (what the ledger credited for them, posted or locked, in the same range).
 */
export function exportMemberRewards(deps: Pick<AppContext, 'db'>, memberId: string, range: StatementRange) {
  return download<StatementRewardRow>(deps, 'rewards', memberId, range, {
    columns: rewardColumns,
    amountColumn: 'rewardAmount',
    amountOf: (row) => row.reward_amount,
    read: findStatementRewards,
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
