import { PageHeader } from './layouts/page-header';

/** A screen whose capability has not shipped yet: the shell and its title, never a blank page. */
export function ComingSoon({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="rounded-xl border border-slate-300 border-dashed bg-white p-10 text-center text-slate-600">
        This section is on its way.
      </div>
    </div>
  );
}
