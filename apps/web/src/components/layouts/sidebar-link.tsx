import { NavLink } from '../../lib/router/router';
import type { NavigationItem } from './navigation-items';

/** One sidebar entry: icon, label and subtitle; only the icon (and a tooltip) when collapsed. */
export function SidebarLink({
  item,
  collapsed = false,
  tone = 'light',
  onNavigate,
}: {
  item: NavigationItem;
  collapsed?: boolean;
  tone?: 'light' | 'dark';
  onNavigate?: () => void;
}) {
  const palette =
    tone === 'dark'
      ? {
          active: 'bg-white/10 text-white',
          idle: 'text-slate-300 hover:bg-white/5 hover:text-white',
          subtitle: 'text-slate-400',
          iconActive: 'bg-brand-500 text-slate-950',
          iconIdle: 'bg-white/5 text-slate-300',
        }
      : {
          active: 'bg-brand-50 text-brand-900',
          idle: 'text-slate-700 hover:bg-slate-100 hover:text-slate-950',
          subtitle: 'text-slate-500',
          iconActive: 'bg-brand-600 text-white',
          iconIdle: 'bg-slate-100 text-slate-600',
        };
  return (
    <NavLink
      to={item.to}
      title={collapsed ? `${item.label} — ${item.subtitle}` : undefined}
      aria-label={collapsed ? item.label : undefined}
      onClick={onNavigate}
      className={({ isActive }) =>
        `group flex items-center gap-3 rounded-xl p-2 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${collapsed ? 'justify-center' : ''} ${isActive ? palette.active : palette.idle}`
      }
    >
      {({ isActive }) => (
        <>
          <span
            className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg transition-colors ${isActive ? palette.iconActive : palette.iconIdle}`}
          >
            {item.icon}
          </span>
          {collapsed ? null : (
            <span className="min-w-0">
              <span className="block font-semibold text-sm leading-5">{item.label}</span>
              <span className={`block truncate text-xs leading-4 ${palette.subtitle}`}>{item.subtitle}</span>
            </span>
          )}
        </>
      )}
    </NavLink>
  );
}
