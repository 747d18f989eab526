import { levelOptions } from '@uplink/contract/constants';
import type { ReactNode } from 'react';
import { SelectField } from './select-field';

/** The row of filters between a list's header and its table; `columns` lays them out in Tailwind grid columns. */
export function FilterBar({ columns, children }: { columns: string; children: ReactNode }) {
  return <div className={`grid gap-3 border-slate-100 border-b px-5 py-4 sm:px-6 ${columns}`}>{children}</div>;
}

/** A select narrowing a list to one of `choices`, or to none of them: its first option, "All …", is the empty value. */
export function ChoiceFilter<Choice extends string>({
  label,
  allLabel,
  choices,
  labelOf = (choice) => choice,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  choices: readonly Choice[];
  labelOf?: (choice: Choice) => string;
  value: Choice | undefined;
  onChange: (choice: Choice | undefined) => void;
}) {
  const options = [
    { value: '', label: allLabel },
    ...choices.map((choice) => ({ value: choice, label: labelOf(choice) })),
  ];
  return (
    <SelectField
      label={label}
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(choices.find((choice) => choice === event.target.value))}
    />
  );
}

const levelFilterOptions = [
  { value: '', label: 'All Levels' },
  ...levelOptions.map((level) => ({ value: String(level), label: `Level ${level}` })),
];

/** A select narrowing a list to one level of the network, or to every level ("All Levels"). */
export function LevelFilter({
  level,
  onChange,
  hideLabel,
  className,
}: {
  level: number | undefined;
  onChange: (level: number | undefined) => void;
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <SelectField
      label="Level"
      hideLabel={hideLabel}
      options={levelFilterOptions}
      value={level === undefined ? '' : String(level)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      className={className}
    />
  );
}
