import { AppLink } from './app-link';

/** The Uplink mark and word; `inverted` for dark surfaces. */
export function Logo({
  inverted = false,
  to = '/',
  compact = false,
}: {
  inverted?: boolean;
  to?: string;
  compact?: boolean;
}) {
  return (
    <AppLink
      to={to}
      className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500 focus-visible:outline-offset-4"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <path
          d="M9 20l7-9 7 9"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={`font-bold text-lg tracking-tight ${inverted ? 'text-white' : 'text-slate-900'} ${compact ? 'sr-only' : ''}`}
      >
        Uplink
      </span>
    </AppLink>
  );
}
