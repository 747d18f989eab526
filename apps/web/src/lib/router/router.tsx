import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  type History,
  type Location,
  type Path,
  resolveTo,
  type To,
} from './history';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match-routes';

/*
 * The app's router: the part of React Router's declarative API the app uses (a route table with
 * frames and guards, links, redirects, the query string), in 2 kB instead of React Router's 13.6 kB
 * on every page (issue #46's budget). Navigations run in a transition, as React Router's do, so a
 * page stays on screen until the next one's lazy code has loaded.
 */

export type { Location, To } from './history';
export { matchRoutes, type RouteObject } from './match-routes';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A link or route hook was rendered outside <BrowserRouter> or <MemoryRouter>.');
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // A layout effect: it subscribes before any screen's effect can navigate.
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setLocation(history.location()));
    follow();
    return history.listen(follow);
  }, [history]);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      const path = resolveTo(to, history.location());
      if (replace) history.replace(path, state);
      else history.push(path, state);
    },
    [history],
  );
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The router of the app, on the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router on a history in memory, for screen tests: it starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: (string | { pathname: string; state?: unknown })[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Navigates to an address; the function is the same on every render. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/**
 * The current query string, and a setter that navigates to the same page with another one (a new
 * history entry unless `replace`).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next);
      navigate(`?${query}`, options);
    },
    [params, navigate],
  );
  return [params, setParams];
}

/** What a matched route hands down: the parameters of the address and the element of its matched child. */
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

/** The element of `routes` at `location`: the frames and guards around the screen, nested. */
export function useRoutes(routes: RouteObject[], location: Location): ReactNode {
  const matches = matchRoutes(routes, location);
  return matches ? renderMatches(matches) : null;
}

function renderMatches([match, ...inside]: RouteMatch[]): ReactNode {
  if (!match) return null;
  const outlet = renderMatches(inside);
  return (
    <RouteContext.Provider value={{ params: match.params, outlet }}>
      {match.route.element ?? outlet}
    </RouteContext.Provider>
  );
}

/** Where a frame or guard renders the matched route inside it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The parameters (`:name`) of the matched route. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

/** Navigates as soon as it renders: a guard's redirect. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry; by default only a link to the page already shown does. */
  replace?: boolean;
  state?: unknown;
}

/** A plain left click the page may take over; a modified or middle click, or another target, is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An anchor to an address of the app, which the router opens without loading the page again. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = createPath(resolveTo(to, location));
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(href, { replace: replace ?? href === createPath(location), state });
      }}
    />
  );
}

/**
 * Whether `pathname` is the page at `to` or one below it (`/admin/users/7` under `/admin/users`);
 * everything is below `/`, which is current only at itself.
 */
function isAtOrBelow(pathname: string, to: Path): boolean {
  const here = pathname.toLowerCase();
  const there = to.pathname.toLowerCase();
  return here === there || (there !== '/' && here.startsWith(`${there.replace(/\/$/, '')}/`));
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

/** A link of a navigation list, marked as the current page (`aria-current`) at its address or below. */
export function NavLink({ className, children, ...link }: NavLinkProps) {
  const { location } = useRouter();
  const isActive = isAtOrBelow(location.pathname, resolveTo(link.to, location));
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}
