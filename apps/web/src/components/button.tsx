import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink, type AppLinkProps } from './app-link';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/50',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  /** The bright call to action on dark surfaces (landing hero). */
  accent: 'bg-brand-400 text-slate-950 shadow-sm hover:bg-brand-300 disabled:bg-brand-400/50',
  /** A quiet outlined button on dark surfaces. */
  outlineInverted: 'border border-white/25 text-white hover:bg-white/10 disabled:text-white/50',
  /** A white button on a coloured panel. */
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50 disabled:text-slate-400',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  /** A square holding one icon. Its own size, not sm plus overrides: two padding utilities on one
   *  element resolve by stylesheet order, which squeezed the icon to 6 px. */
  icon: 'h-8 w-8 shrink-0 p-0',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  ].join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Button({ variant, size, busy = false, icon, className, children, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" className="border-current border-t-transparent" /> : icon}
      {children}
    </button>
  );
}

type ButtonLinkProps = AppLinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <AppLink className={buttonClasses(variant, size, className)} {...rest} />;
}
