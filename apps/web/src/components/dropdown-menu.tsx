import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { AppLink } from './app-link';

export type MenuEntry =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode; danger?: boolean };

interface DropdownMenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger, e.g. "Account menu". */
  label: string;
  /** Non-interactive content above the items (e.g. the user's name and e-mail). */
  header?: ReactNode;
  entries: MenuEntry[];
  triggerClassName?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * arrows move, Home/End jump, Escape closes and returns focus to the trigger; a click outside closes it.
 */
export function DropdownMenu({ trigger, label, header, entries, triggerClassName = '' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (index: number) => {
    const count = entries.length;
    itemRefs.current[(index + count) % count]?.focus();
  };

  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(entries.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      focusItem(moves[event.key] as number);
    }
  };

  const itemClass = (danger = false) =>
    `flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium outline-none transition-colors focus-visible:bg-slate-100 hover:bg-slate-100 ${danger ? 'text-red-700' : 'text-slate-700'}`;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-64 origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-xl"
        >
          {header ? (
            <div role="presentation" className="border-slate-100 border-b px-3 pt-2 pb-3">
              {header}
            </div>
          ) : null}
          <div className="pt-1.5">
            {entries.map((entry, index) =>
              entry.kind === 'link' ? (
                <AppLink
                  key={entry.label}
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  to={entry.to}
                  onClick={() => close(false)}
                  className={itemClass()}
                >
                  {entry.icon}
                  {entry.label}
                </AppLink>
              ) : (
                <button
                  key={entry.label}
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(false);
                    entry.onSelect();
                  }}
                  className={itemClass(entry.danger)}
                >
                  {entry.icon}
                  {entry.label}
                </button>
              ),
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
