import type { MemberProfile } from '@uplink/contract/accounts';
import { navbarScrollThresholdPx } from '@uplink/contract/constants';
import { useEffect, useState } from 'react';
import { AppLink, AppNavLink } from '../app-link';
import { Avatar } from '../avatar';
import { ButtonLink } from '../button';
import { CloseIcon, LogOutIcon, MenuIcon } from '../icons';
import { Logo } from '../logo';
import { type NavigationItem, visitorLinks } from './navigation-items';
import { useScrolledPast } from './use-scrolled-past';
import { accountPaths, UserMenu } from './user-menu';

/** Who is signed in, and how they sign out; a visitor has neither. */
type Session = { user: MemberProfile; onSignOut(): void } | { user: null; onSignOut?: undefined };

type NavigationBarProps = Session & {
  /** Over the landing page's dark hero, the bar is transparent with light text until scrolled. */
  onLanding: boolean;
  /** Member pages: the mobile menu lists the member screens instead of the landing sections. */
  memberItems?: NavigationItem[];
  /** Changes with each navigation, which closes the mobile menu. */
  locationKey?: string;
};

/**
 * The bar fixed at the top of public and member pages. Over the landing page's dark hero it is
 * transparent with light text; after 20 px of scroll (or on any other page once scrolled) it
 * becomes a solid surface with a shadow.
 */
export function NavigationBar({ onLanding, memberItems, locationKey, ...session }: NavigationBarProps) {
  const scrolled = useScrolledPast(navbarScrollThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  // Light text only while the bar floats over the dark landing hero.
  const inverted = onLanding && !scrolled && !menuOpen;

  // Any navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each location change on purpose.
  useEffect(() => setMenuOpen(false), [locationKey]);

  // Solid once scrolled; the member shell's bar is always solid as it spans sidebar and content.
  const surface =
    scrolled || menuOpen
      ? 'border-slate-200/80 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85'
      : memberItems
        ? 'border-slate-200 bg-white'
        : 'border-transparent bg-transparent';

  const sectionLink = inverted
    ? 'text-slate-200 hover:text-white hover:bg-white/10'
    : 'text-slate-700 hover:text-slate-950 hover:bg-slate-100';

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-300 ${surface}`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Logo inverted={inverted} />

        {memberItems ? null : (
          <ul className="hidden items-center gap-1 md:flex">
            {visitorLinks.map((link) => (
              <li key={link.label}>
                <AppLink
                  to={link.to}
                  className={`rounded-lg px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${sectionLink}`}
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        )}

        <div className="flex items-center gap-2">
          {session.user ? (
            <UserMenu user={session.user} onSignOut={session.onSignOut} inverted={inverted} />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <AppLink
                to="/signin"
                className={`rounded-lg px-3 py-2 font-semibold text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${sectionLink}`}
              >
                Sign In
              </AppLink>
              <ButtonLink to="/register" size="md" variant={inverted ? 'accent' : 'primary'}>
                Sign Up
              </ButtonLink>
            </div>
          )}
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className={`rounded-lg p-2 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden ${inverted ? 'text-white hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </nav>

      {menuOpen ? (
        <div
          id="mobile-menu"
          className="max-h-[calc(100vh-4rem)] overflow-y-auto border-slate-200 border-t bg-white md:hidden"
        >
          <MobileMenu {...session} memberItems={memberItems} onFollowLink={() => setMenuOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}

type MobileMenuProps = Session & {
  memberItems?: NavigationItem[];
  /** Closes the menu: a link to a section of the same page changes no route to close it by. */
  onFollowLink(): void;
};

function MobileMenu({ memberItems, onFollowLink, ...session }: MobileMenuProps) {
  const { user } = session;
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-xl px-3 py-3 font-medium text-base transition-colors ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50'}`;
  return (
    <div className="space-y-1 px-4 py-4">
      {user ? (
        <div className="mb-3 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
          <Avatar user={user} />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-slate-600 text-sm">{user.email}</p>
          </div>
        </div>
      ) : null}
      <ul className="space-y-1">
        {memberItems
          ? memberItems.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} className={itemClass} onClick={onFollowLink}>
                  <span className="text-slate-500">{item.icon}</span>
                  {item.label}
                </AppNavLink>
              </li>
            ))
          : visitorLinks.map((link) => (
              <li key={link.label}>
                <AppLink to={link.to} className={itemClass({ isActive: false })} onClick={onFollowLink}>
                  {link.label}
                </AppLink>
              </li>
            ))}
        {user && !memberItems ? (
          <>
            <li>
              <AppNavLink to={accountPaths(user).dashboard} className={itemClass} onClick={onFollowLink}>
                Dashboard
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={accountPaths(user).settings} className={itemClass} onClick={onFollowLink}>
                Profile Settings
              </AppNavLink>
            </li>
          </>
        ) : null}
      </ul>
      <div className="border-slate-100 border-t pt-3">
        {session.user ? (
          <button
            type="button"
            onClick={session.onSignOut}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-3 font-medium text-base text-red-700 hover:bg-red-50"
          >
            <LogOutIcon /> Sign Out
          </button>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <ButtonLink to="/signin" variant="secondary" size="lg" onClick={onFollowLink}>
              Sign In
            </ButtonLink>
            <ButtonLink to="/register" size="lg" onClick={onFollowLink}>
              Sign Up
            </ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}
