import { createContext, type ReactNode, type Ref, useContext } from 'react';
import type { LinkProps, NavLinkProps } from '../lib/router/router';

interface RouterLinks {
  Link: (props: LinkProps) => ReactNode;
  NavLink: (props: NavLinkProps) => ReactNode;
}

const RouterLinksContext = createContext<RouterLinks | null>(null);

/**
 * Hands the router's links to the components below (src/main.tsx). Without it, as on the landing
 * page's own entry (src/landing-entry.tsx, which a first visit to `/` loads without the router),
 * the same components render plain anchors: the browser navigates, and the page it opens starts
 * the app.
 */
export const RouterLinksProvider = RouterLinksContext.Provider;

export type AppLinkProps = Omit<LinkProps, 'to'> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** Drops what only the router understands, leaving what an anchor takes. */
function anchorProps({ to, replace: _replace, state: _state, ...anchor }: AppLinkProps) {
  return { href: to, ...anchor };
}

/**
 * A link inside the app: the router's Link where there is a router, else a plain anchor. What the
 * landing page's entry renders (src/app/visitor-landing.tsx) links through this and AppNavLink;
 * screens only the routed app renders may use the router's own: its hooks throw outside a router, so
 * a landing component that uses them fails src/app/visitor-landing.test.tsx.
 */
export function AppLink(props: AppLinkProps) {
  const router = useContext(RouterLinksContext);
  return router ? <router.Link {...props} /> : <a {...anchorProps(props)} />;
}

export type AppNavLinkProps = Omit<AppLinkProps, 'className'> & {
  className: string | ((state: { isActive: boolean }) => string);
};

/** A link of a navigation list, styled as the current page where there is a router to tell. */
export function AppNavLink({ className, ...props }: AppNavLinkProps) {
  const router = useContext(RouterLinksContext);
  if (router) return <router.NavLink className={className} {...props} />;
  const classes = typeof className === 'function' ? className({ isActive: false }) : className;
  return <a className={classes} {...anchorProps(props)} />;
}
