import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

/** What a list shows when it has nothing in it: a title, an optional line and an action. */
export function EmptyState({
  title,
  description,
  icon,
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        {icon ?? <InboxIcon size={24} />}
      </span>
      <p className="mt-4 font-semibold text-slate-900">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-slate-600 text-sm">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
