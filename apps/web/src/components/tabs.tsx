import { type ReactNode, useId, useRef } from 'react';

export interface Tab {
  id: string;
  label: string;
  panel: ReactNode;
}

/** Tabs with the WAI-ARIA tab pattern: arrow keys move between tabs, only the chosen panel is shown. */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
}: {
  /** What the tab list is called for screen readers. */
  label: string;
  tabs: readonly Tab[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (from: number, step: number) => {
    const next = (from + step + tabs.length) % tabs.length;
    onSelect(tabs[next]?.id ?? selected);
    buttons.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-slate-100 border-b px-3 sm:px-4">
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={active}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') move(index, 1);
                if (event.key === 'ArrowLeft') move(index, -1);
              }}
              className={`-mb-px border-b-2 px-3 py-3 font-medium text-sm transition-colors ${
                active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.id === selected ? (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${baseId}-${tab.id}-panel`}
            aria-labelledby={`${baseId}-${tab.id}-tab`}
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
