import type { ReactNode } from 'react';

/** One labelled value of a read-only details list (`<dl>`): stacked on phones, side by side above. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="min-w-0 break-all font-medium text-slate-900 text-sm sm:text-right">{children}</dd>
    </div>
  );
}
