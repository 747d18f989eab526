import type { ReactNode } from 'react';

const accents = {
  brand: 'bg-brand-50 text-brand-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
  violet: 'bg-violet-50 text-violet-700',
  rose: 'bg-rose-50 text-rose-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

export type StatCardAccent = keyof typeof accents;

/** One figure with its label, e.g. "Total Referrals 12". */
export function StatCard({
  label,
  value,
  hint,
  icon,
  accent = 'brand',
  loading = false,
}: {
  label: string;
  value: ReactNode;
  /** A line under the value (e.g. "levels deep"). */
  hint?: ReactNode;
  icon?: ReactNode;
  accent?: StatCardAccent;
  loading?: boolean;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-600 text-sm">{label}</p>
        {icon ? (
          <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl ${accents[accent]}`}>
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <div className="mt-3 h-8 w-24 animate-pulse rounded-md bg-slate-200" aria-hidden="true" />
      ) : (
        <p className="mt-2 break-words font-bold text-slate-900 text-xl tabular-nums tracking-tight sm:text-2xl">
          {value}
        </p>
      )}
      {hint ? <p className="mt-1 text-slate-500 text-xs">{hint}</p> : null}
    </div>
  );
}
