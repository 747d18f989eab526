import { AppLink } from './app-link';

/** The Uplink mark alone: the logo's square, and the loading screen's. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true">
      <rect width="32" height="32" rx="9" className="fill-brand-600" />
      <path d="M9 20l7-9 7 9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

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
      <LogoMark />
      <span
        className={`font-bold text-lg tracking-tight ${inverted ? 'text-white' : 'text-slate-900'} ${compact ? 'sr-only' : ''}`}
      >
        Uplink
      </span>
    </AppLink>
  );
}
