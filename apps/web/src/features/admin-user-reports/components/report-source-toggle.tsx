/** Where the report's figures come from: the spec's fixed sample, or the members' real activity. */
export type ReportSource = 'sample' | 'live';

const sources: { id: ReportSource; label: string }[] = [
  { id: 'sample', label: 'Sample data' },
  { id: 'live', label: 'Live' },
];

/** A two-way switch between the sample and the live report (buttons that say which one is on). */
export function ReportSourceToggle({
  source,
  onChange,
}: {
  source: ReportSource;
  onChange: (source: ReportSource) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label="Report data"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {sources.map((option) => {
        const active = option.id === source;
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.id)}
            className={`rounded-md px-3 py-1.5 font-semibold text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-1 ${
              active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
