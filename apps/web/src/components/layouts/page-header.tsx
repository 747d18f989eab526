import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { Link } from '../../lib/router/router';

/** The heading of a page, which also names the browser tab. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600 text-sm">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A page header's subtitle that leads back to the list the page was opened from. */
export function BackToList({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-brand-700 hover:underline">
      {children}
    </Link>
  );
}
