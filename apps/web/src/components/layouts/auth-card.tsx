import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

/** The centred card every auth screen (sign-in, register, reset, verify) is built on. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main
      id="main"
      className="flex min-h-screen items-start justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 pt-24 pb-12 sm:items-center sm:pt-28"
    >
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-200/60 sm:p-8">
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-2 text-slate-600 text-sm">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-slate-600 text-sm">{footer}</div> : null}
      </div>
    </main>
  );
}
