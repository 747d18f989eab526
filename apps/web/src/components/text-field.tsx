import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The input element, e.g. to move focus to it. */
  ref?: Ref<HTMLInputElement>;
  /** Shown under the field in red and announced to screen readers. */
  error?: string | null;
  hint?: ReactNode;
  /** Content at the right edge inside the field (e.g. a show/hide button). */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, trailing, className = '', id, ref, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block font-medium text-slate-700 text-sm">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={[
            'block h-11 w-full rounded-lg border bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-400',
            'focus:outline-none focus:ring-2 focus:ring-brand-600/30',
            'disabled:bg-slate-100 disabled:text-slate-500',
            error ? 'border-red-500 focus:border-red-600' : 'border-slate-300 focus:border-brand-600',
            trailing ? 'pr-12' : '',
          ].join(' ')}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1.5 text-red-700 text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An e-mail address input: its label, type and autofill are the same on every form. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Email address" type="email" autoComplete="email" {...props} />;
}

/** A search box: `onSearch` gets the text it holds, key by key. */
export function SearchField({
  onSearch,
  ...props
}: Omit<TextFieldProps, 'type' | 'onChange'> & { onSearch: (search: string) => void }) {
  return <TextField {...props} type="search" onChange={(event) => onSearch(event.target.value)} />;
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="rounded-md px-2 py-1 font-medium text-slate-600 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
