import { adminRoleLabels } from '@uplink/contract/admin-roles';
import { fullName } from '@uplink/contract/format';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { usePermissions } from '../../lib/permissions';
import { Outlet, useLocation, useNavigate } from '../../lib/router/router';
import { Avatar } from '../avatar';
import { CloseIcon, LogOutIcon, MenuIcon } from '../icons';
import { Logo } from '../logo';
import { Loading } from '../query-state';
import { adminItems } from './navigation-items';
import { SidebarLink } from './sidebar-link';

/** Tailwind's `lg`: from here on the sidebar is always shown. */
const wideScreen = '(min-width: 64rem)';

/**
 * The admin area: a dark sidebar with the admin sections the administrator's role may open and
 * their subtitles, the admin's name with 'Administrator' and their role, and a logout button.
 * Below lg the sidebar collapses behind a menu button; while it is open, focus moves into it and
 * the page behind is inert, and closing it (Escape, the close button, the backdrop) returns focus
 * to the menu button.
 */
export function AdminLayout() {
  const { user, endSession } = useAuth();
  const permits = usePermissions();
  const sections = adminItems.filter((item) => item.permission === null || permits(item.permission));
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // The key changes on every navigation, a link to the page already shown included.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer on every navigation.
  useEffect(() => setOpen(false), [location.key]);

  // Set by an explicit close. Focus moves once the drawer has closed: until then the menu button
  // is inside the inert page and cannot take it.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (open) {
      closeButtonRef.current?.focus();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      menuButtonRef.current?.focus();
    }
  }, [open]);

  const closeMenu = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      returnFocus.current = true;
      setOpen(false);
    };
    // A drawer left open while the window widens would keep the page inert behind a fixed sidebar.
    const wide = window.matchMedia(wideScreen);
    const onWiden = () => {
      if (wide.matches) setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWiden);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWiden);
    };
  }, [open]);

  const logout = () => {
    endSession();
    navigate('/');
  };

  return (
    <div className="min-h-screen bg-slate-100/70">
      <header
        inert={open}
        className="fixed inset-x-0 top-0 z-30 flex h-16 items-center justify-between border-slate-200 border-b bg-white/95 px-4 backdrop-blur lg:hidden"
      >
        <Logo to="/admin/dashboard" />
        <button
          ref={menuButtonRef}
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          aria-label="Open admin menu"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <MenuIcon size={22} />
        </button>
      </header>

      {open ? (
        <button
          type="button"
          aria-label="Close admin menu"
          tabIndex={-1}
          onClick={closeMenu}
          className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-sm lg:hidden"
        />
      ) : null}

      <aside
        id="admin-sidebar"
        aria-label="Admin navigation"
        data-open={open}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 flex-col bg-ink-950 text-slate-200 transition-transform duration-200 lg:translate-x-0 ${open ? 'translate-x-0' : 'invisible -translate-x-full lg:visible'}`}
      >
        <div className="flex h-16 items-center justify-between px-5">
          <div className="flex items-center gap-2">
            <Logo inverted to="/admin/dashboard" />
            <span className="rounded-md bg-brand-500/15 px-1.5 py-0.5 font-semibold text-[11px] text-brand-300 uppercase tracking-wider">
              Admin
            </span>
          </div>
          <button
            ref={closeButtonRef}
            type="button"
            onClick={closeMenu}
            aria-label="Close admin menu"
            className="rounded-lg p-2 text-slate-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500 lg:hidden"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {sections.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} tone="dark" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-white/10 border-t p-4">
          {user ? (
            <div className="flex items-center gap-3">
              <Avatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-semibold text-sm text-white">{fullName(user)}</p>
                <p className="text-brand-300 text-xs">
                  <span>Administrator</span>
                  {user.adminRole ? <span> · {adminRoleLabels[user.adminRole]}</span> : null}
                </p>
              </div>
            </div>
          ) : null}
          <button
            type="button"
            onClick={logout}
            className="mt-4 flex w-full items-center justify-center gap-2 rounded-lg border border-white/15 px-3 py-2 font-semibold text-slate-200 text-sm transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <LogOutIcon size={18} /> Sign Out
          </button>
        </div>
      </aside>

      <main id="main" inert={open} className="pt-16 lg:pt-0 lg:pl-72">
        <div className="mx-auto max-w-[96rem] px-4 py-8 sm:px-6 lg:px-10">
          {/* A screen still loading keeps the frame on screen. */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
