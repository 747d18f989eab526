import { useId } from 'react';

/** The longest note the server keeps (the contract's limit). */
const noteLimit = 500;

/**
 * The required note of a risk decision (a resolution, a hold extended): at most 500 characters,
 * counted as it is typed, its problem said under it.
 */
export function RiskNoteField({
  note,
  problem,
  hint,
  onChange,
}: {
  note: string;
  problem: string | null;
  /** What becomes of the note, said under the field while there is no problem. */
  hint: string;
  onChange: (note: string) => void;
}) {
  const noteId = useId();
  return (
    <div>
      <label htmlFor={noteId} className="mb-1.5 block font-medium text-slate-700 text-sm">
        Note (required)
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={noteLimit}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${noteId}-count${problem ? ` ${noteId}-error` : ''}`}
        onChange={(change) => onChange(change.target.value)}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${
          problem ? 'border-red-500 focus:border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
      />
      <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
        {problem ? (
          <p id={`${noteId}-error`} role="alert" className="text-red-700">
            {problem}
          </p>
        ) : (
          <p className="text-slate-500">{hint}</p>
        )}
        <p id={`${noteId}-count`} className="shrink-0 text-slate-500 tabular-nums">
          {note.length} / {noteLimit}
        </p>
      </div>
    </div>
  );
}
