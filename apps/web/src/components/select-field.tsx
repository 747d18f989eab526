import { type SelectHTMLAttributes, useId } from 'react';
import { ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Hides the visible label (it stays available to screen readers), for filter bars. */
  hideLabel?: boolean;
  hint?: string;
}

/** A native select (keyboard and mobile pickers for free) styled like the text fields. */
export function SelectField({
  label,
  options,
  hideLabel = false,
  hint,
  id,
  className = '',
  ...rest
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'mb-1.5 block font-medium text-slate-700 text-sm'}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-describedby={hint ? `${selectId}-hint` : undefined}
          className="block h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-10 pl-3 text-slate-900 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500"
          {...rest}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500"
        />
      </div>
      {hint ? (
        <p id={`${selectId}-hint`} className="mt-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
