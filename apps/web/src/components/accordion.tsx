import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from './icons';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** A disclosure list where opening one item closes the one that was open. */
export function Accordion({ items, defaultOpenId = null }: { items: AccordionItem[]; defaultOpenId?: string | null }) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:-outline-offset-2 sm:px-6"
              >
                {item.title}
                <ChevronDownIcon
                  className={`shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180 text-brand-700' : ''}`}
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-slate-600 leading-relaxed sm:px-6"
            >
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
