import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-brand-700 text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-600 leading-relaxed">{children}</p> : null}
    </div>
  );
}
