import { describeChange, type FieldChange } from '../utils/describe-change';

/** Above this many fields the change folds behind a summary (a cycle run records a dozen). */
const foldAfter = 3;

function ChangeLine({ change }: { change: FieldChange }) {
  return (
    <li className="break-words">
      {change.field ? <span className="font-medium text-slate-700">{change.field}: </span> : null}
      {change.before !== undefined ? <span className="text-slate-500">{change.before}</span> : null}
      {change.before !== undefined && change.after !== undefined ? (
        <>
          <span aria-hidden="true" className="px-1 text-slate-400">
            →
          </span>
          <span className="sr-only"> changed to </span>
        </>
      ) : null}
      {change.after !== undefined ? <span className="text-slate-900">{change.after}</span> : null}
      {change.before !== undefined && change.after === undefined ? (
        <span className="text-slate-500"> (removed)</span>
      ) : null}
    </li>
  );
}

/** What an audit entry changed, field by field: "Status: PENDING → APPROVED". */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const changes = describeChange(before, after);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  const list = (
    <ul className="space-y-0.5 text-xs">
      {changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </ul>
  );
  if (changes.length <= foldAfter) return <div className="max-w-sm">{list}</div>;
  return (
    <details className="max-w-sm">
      <summary className="cursor-pointer font-medium text-brand-700 text-xs">{changes.length} fields</summary>
      <div className="mt-1">{list}</div>
    </details>
  );
}
