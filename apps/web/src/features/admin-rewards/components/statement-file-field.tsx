import { formatCount } from '@uplink/contract/format';
import { describeStatementProblem } from '@uplink/contract/statement-csv';
import { type ChangeEvent, useId } from 'react';
import { Alert } from '../../../components/alert';
import type { LoadedStatement } from '../hooks/use-statement-file';

/** The upload step: the statement file, read and checked line by line before anything is sent. */
export function StatementFileField({
  statement,
  readFailed,
  reading,
  disabled,
  onChange,
}: {
  statement: LoadedStatement | null;
  readFailed: boolean;
  reading: boolean;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputId = useId();
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Statement file (CSV)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={disabled}
          onChange={onChange}
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-slate-700 text-sm file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-800 file:text-sm file:shadow-sm hover:file:bg-slate-50 disabled:opacity-60"
        />
        <p id={`${inputId}-hint`} className="mt-1.5 text-slate-500 text-xs">
          One line per copier: <code>bingXUID,masterAmount</code> (the master trader's share, up to 8 decimals). A
          header line is allowed.
        </p>
      </div>
      {reading ? (
        <p className="text-slate-600 text-sm" role="status">
          Reading the file...
        </p>
      ) : null}
      {readFailed ? <Alert tone="error" title="The file could not be read. Choose it again." /> : null}
      {statement ? <StatementCheck statement={statement} /> : null}
    </div>
  );
}

/** What was read from the file: its entries, or every line to fix before anything is sent. */
function StatementCheck({ statement }: { statement: LoadedStatement }) {
  if (statement.problemCount === 0) {
    return (
      <Alert tone="success">
        {formatCount(statement.entries.length, ['entry', 'entries'])} read from {statement.fileName}
        {statement.headerSkipped ? ' (header line skipped)' : ''}.
      </Alert>
    );
  }
  const unlisted = statement.problemCount - statement.problems.length;
  return (
    <Alert
      tone="error"
      title={`${formatCount(statement.problemCount, ['problem', 'problems'])} in ${statement.fileName}: fix the file and choose it again.`}
    >
      <ul className="list-disc space-y-0.5 pl-5">
        {statement.problems.map((problem) => (
          <li key={`${problem.line ?? 'file'}-${problem.message}`}>{describeStatementProblem(problem)}</li>
        ))}
      </ul>
      {unlisted > 0 ? <p className="mt-1">...and {formatCount(unlisted, ['more problem', 'more problems'])}.</p> : null}
    </Alert>
  );
}
