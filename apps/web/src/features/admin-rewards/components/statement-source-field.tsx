export type StatementSource = 'UPLOAD' | 'EXCHANGE';

const sourceOptions: { value: StatementSource; label: string }[] = [
  { value: 'UPLOAD', label: 'Upload a CSV statement' },
  { value: 'EXCHANGE', label: 'From the exchange' },
];

/** Where the cycle's statement comes from: a CSV file uploaded now, or the exchange when the run starts. */
export function StatementSourceField({
  name,
  source,
  disabled,
  onChange,
}: {
  name: string;
  source: StatementSource;
  disabled: boolean;
  onChange: (source: StatementSource) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-slate-700 text-sm">Statement source</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {sourceOptions.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-slate-800 text-sm has-checked:border-brand-600 has-checked:bg-brand-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={source === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              className="h-4 w-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
