import { Suspense, useState } from 'react';
import { Link, Outlet } from '../../lib/router/router';
import { ChevronsLeftIcon, ChevronsRightIcon } from '../icons';
import { Loading } from '../query-state';
import { Copyright } from './footer';
import { Navbar } from './navbar';
import { memberBottomItems, memberMainItems, memberMobileItems } from './navigation-items';
import { SidebarLink } from './sidebar-link';

/**
 * The member area: the fixed navigation bar, a collapsible sidebar on desktop (main items and,
 * at the bottom, profile and support) and the mobile menu with the member links below lg. Phones,
 * without the sidebar, reach Support from a footer (and from Profile): the spec's mobile menu
 * keeps its five links.
 */
export function MemberLayout() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <>
      <Navbar memberItems={memberMobileItems} />
      <aside
        aria-label="Member navigation"
        data-collapsed={collapsed}
        className={`fixed top-16 bottom-0 left-0 z-30 hidden flex-col border-slate-200 border-r bg-white transition-[width] duration-200 md:flex ${collapsed ? 'w-20' : 'w-64'}`}
      >
        <nav aria-label="Member sections" className="flex flex-1 flex-col justify-between overflow-y-auto p-3">
          <ul className="space-y-1">
            {memberMainItems.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} collapsed={collapsed} />
              </li>
            ))}
          </ul>
          <ul className="space-y-1 border-slate-100 border-t pt-3">
            {memberBottomItems.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} collapsed={collapsed} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-slate-100 border-t p-3">
          <button
            type="button"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-600 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${collapsed ? 'justify-center' : ''}`}
          >
            {collapsed ? <ChevronsRightIcon size={18} /> : <ChevronsLeftIcon size={18} />}
            {collapsed ? null : 'Collapse'}
          </button>
        </div>
      </aside>
      <main
        id="main"
        className={`min-h-screen bg-slate-50 pt-16 transition-[padding] duration-200 ${collapsed ? 'md:pl-20' : 'md:pl-64'}`}
      >
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
          {/* A screen still loading keeps the frame on screen. */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
        <footer className="flex flex-col gap-2 border-slate-200 border-t px-4 py-6 text-slate-600 text-xs md:hidden">
          <p>
            Need help? Visit{' '}
            <Link to="/support" className="font-semibold text-brand-700 underline underline-offset-2">
              Support
            </Link>
            .
          </p>
          <Copyright />
        </footer>
      </main>
    </>
  );
}
