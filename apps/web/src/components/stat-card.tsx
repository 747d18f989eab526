import type { ComponentType, ReactNode } from 'react';

const accents = {
  brand: 'bg-brand-50 text-brand-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
  violet: 'bg-violet-50 text-violet-700',
} as const;

/** One figure of a row of statistics, e.g. "Total Referrals 12". */
export interface Statistic {
  label: string;
  /** The figure; null when it could not be loaded, shown as a dash rather than a made-up 0. */
  value: ReactNode | null;
  /** A line under the value (e.g. "levels deep"). */
  hint?: ReactNode;
  icon: ComponentType<{ size?: number }>;
  accent?: keyof typeof accents;
  /** Names the figure for a test that reads it. */
  testId?: string;
}

/**
 * A row of statistics cards: two columns on phones, four on wide screens (from `lg` unless the
 * caller's grid says otherwise). While `loading`, every figure is a placeholder bar.
 */
export function StatCards({
  statistics,
  loading = false,
  grid = 'grid grid-cols-2 gap-4 lg:grid-cols-4',
}: {
  statistics: Statistic[];
  loading?: boolean;
  grid?: string;
}) {
  return (
    <div className={grid}>
      {statistics.map((statistic) => (
        <StatCard key={statistic.label} statistic={statistic} loading={loading} />
      ))}
    </div>
  );
}

/** A figure read from statistics the server may not have sent yet: `value` and `hint` read them once they have. */
export interface LoadedStatistic<Figures> extends Omit<Statistic, 'value' | 'hint'> {
  value: (figures: Figures) => ReactNode;
  /** A line under the value: fixed, or read from the figures. */
  hint?: ReactNode | ((figures: Figures) => ReactNode);
}

/**
 * Statistics cards over figures loaded from the server: until they arrive, or when the load
 * failed, every card shows a dash rather than a made-up 0.
 */
export function LoadedStatCards<Figures>({
  figures,
  statistics,
  loading,
  grid,
}: {
  figures: Figures | undefined;
  statistics: LoadedStatistic<Figures>[];
  loading: boolean;
  grid?: string;
}) {
  return (
    <StatCards
      loading={loading}
      grid={grid}
      statistics={statistics.map((statistic) => readFigures(statistic, figures))}
    />
  );
}

function readFigures<Figures>(
  { value, hint, ...card }: LoadedStatistic<Figures>,
  figures: Figures | undefined,
): Statistic {
  if (figures === undefined) return { ...card, value: null };
  return { ...card, value: value(figures), hint: typeof hint === 'function' ? hint(figures) : hint };
}

function StatCard({ statistic, loading }: { statistic: Statistic; loading: boolean }) {
  const { label, value, hint, icon: Icon, accent = 'brand', testId } = statistic;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-600 text-sm">{label}</p>
        <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl ${accents[accent]}`}>
          <Icon size={18} />
        </span>
      </div>
      {loading ? (
        <div className="mt-3 h-8 w-24 animate-pulse rounded-md bg-slate-200" aria-hidden="true" />
      ) : (
        <p
          className="mt-2 break-words font-bold text-slate-900 text-xl tabular-nums tracking-tight sm:text-2xl"
          data-testid={testId}
        >
          {value === null ? (
            <>
              <span aria-hidden="true" className="text-slate-400">
                —
              </span>
              <span className="sr-only">Not available</span>
            </>
          ) : (
            value
          )}
        </p>
      )}
      {hint && value !== null ? <p className="mt-1 text-slate-500 text-xs">{hint}</p> : null}
    </div>
  );
}
