import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

interface TabsProps<Id extends string> {
  tabs: TabItem<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  /** Names the tab list for screen readers. */
  label: string;
  /** Renders the panel of the selected tab. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs (Home/End jump to the ends) and select them;
 * only the selected tab is in the Tab order.
 */
export function Tabs<Id extends string>({ tabs, value, onChange, label, children }: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === value);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-slate-200 border-b"
      >
        {tabs.map((tab) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={[
                '-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 font-semibold text-sm transition-colors',
                'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-brand-600',
                selected
                  ? 'border-brand-600 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              ].join(' ')}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}
