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

/** A titled group of `DetailRow`s inside a details dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="font-semibold text-slate-900 text-sm">{title}</h3>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}
