import type { ReactNode } from 'react';

const tones = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/25',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/25',
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/25',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small pill label. Text colours keep WCAG AA contrast on their tinted backgrounds. */
export function Badge({
  tone = 'grey',
  dot = false,
  className = '',
  children,
}: {
  tone?: BadgeTone;
  /** A leading coloured dot, for states. */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {dot ? <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}

/** One colour per account status wherever it is shown: ACTIVE green, LOCKED red, DISABLED grey. */
const statusTones: Record<string, BadgeTone> = { ACTIVE: 'green', LOCKED: 'red', DISABLED: 'grey' };

/** An account status (ACTIVE, LOCKED, DISABLED) in its status colour. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTones[status] ?? 'grey'} dot>
      {status}
    </Badge>
  );
}
