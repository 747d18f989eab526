import { ClockIcon } from './icons';
import { PageHeader } from './layouts/page-header';

/** A screen whose capability has not shipped yet: the shell and its title, never a blank page. */
export function ComingSoon({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <ClockIcon size={24} />
        </span>
        <p className="mt-4 font-semibold text-slate-900">This section is on its way.</p>
        <p className="mt-1 max-w-sm text-slate-600 text-sm">We are putting the finishing touches on it.</p>
      </div>
    </div>
  );
}
