import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function Checkbox({ label, error, id, className = '', ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          {...rest}
        />
        <label htmlFor={inputId} className="text-slate-700 text-sm">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-red-700 text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
