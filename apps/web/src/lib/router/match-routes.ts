import type { ReactNode } from 'react';

/**
 * One entry of the route table: a screen at `path`, or, without a path, a frame or guard whose
 * element renders its matched child through `<Outlet />`. A child's path is absolute or relative
 * to its parent's; `:name` takes one segment as a parameter, a last `*` the rest of the address.
 */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string>;

/** A matched route, from the outermost frame to the screen, with the parameters the address gave. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

/** A route with a path and the routes around it, from the outermost. */
interface Branch {
  path: string;
  routes: RouteObject[];
  score: number;
}

function joinPaths(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * How specific a path is, as React Router ranks it: a fixed segment outranks a parameter, which
 * outranks the rest (`*`), so `/admin/withdrawals/batches` wins over `/admin/withdrawals/:id`
 * whatever their order in the table.
 */
function specificity(path: string): number {
  const segments = path.split('/');
  const base = segments.length - (segments.includes('*') ? 2 : 0);
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? 0 : segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
    base,
  );
}

function branchesOf(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '/'): Branch[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const own = route.path === undefined ? [] : [{ path, routes: chain, score: specificity(path) }];
    return [...own, ...branchesOf(route.children ?? [], chain, path)];
  });
}

const rankedBranches = new WeakMap<RouteObject[], Branch[]>();

/** The table's branches, most specific first; of two as specific, the one listed first. */
function rankedBranchesOf(routes: RouteObject[]): Branch[] {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = branchesOf(routes).sort((a, b) => b.score - a.score);
    rankedBranches.set(routes, branches);
  }
  return branches;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters `pattern` reads from `pathname`, or null when it does not match. Letter case does not count. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const params: Params = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(index).map(decodeSegment).join('/');
      return params;
    }
    const part = given[index];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return given.length === wanted.length ? params : null;
}

/** The routes of `routes` that render at `location`, outermost first, or null when none does. */
export function matchRoutes(routes: RouteObject[], location: { pathname: string } | string): RouteMatch[] | null {
  const pathname = typeof location === 'string' ? new URL(location, 'http://app').pathname : location.pathname;
  for (const branch of rankedBranchesOf(routes)) {
    const params = matchPath(branch.path, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
