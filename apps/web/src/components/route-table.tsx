import {
  Component,
  type ComponentType,
  isValidElement,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation, useRoutes } from '../lib/router/router';
import { FullPageSpinner } from './full-page-spinner';

/** A component React loads on its first render, whose code a caller can also start loading ahead. */
export type LazyComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** `load`'s component in its own chunk, loaded on first render or on `preload()`, whichever comes first. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Starts loading the lazy components of an element and of the element it wraps (a guard's screen). */
function preload(node: ReactNode): Promise<unknown>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const loading = (node.type as Partial<LazyComponent<object>>).preload?.();
  return [...(loading ? [loading] : []), ...preload(node.props.children)];
}

/**
 * Starts loading every lazy screen, frame and guard `routes` match at `location`, as RouteTable
 * does; settles once all have loaded or failed.
 */
export function preloadRoutes(routes: RouteObject[], location: { pathname: string } | string): Promise<unknown> {
  return Promise.allSettled((matchRoutes(routes, location) ?? []).flatMap(({ route }) => preload(route.element)));
}

/**
 * A render that throws (a screen's chunk that fails to download, say) shows what failed until the
 * next navigation, as the data router's default error page did, instead of emptying the page.
 */
class RouteErrorBoundary extends Component<
  { location: Location; children: ReactNode },
  { location: Location; error: unknown }
> {
  override state = { location: this.props.location, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { location: Location }) {
    return props.location === state.location ? null : { location: props.location, error: undefined };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <div role="alert" className="p-8">
        <h2 className="font-semibold text-lg">Unexpected Application Error!</h2>
        <h3 className="italic">{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
      </div>
    );
  }
}

/**
 * The screen of `routes` at the router's address. Every lazy screen, frame and guard the address
 * matches starts loading at once, not each after the one around it has rendered (the data router
 * loaded them side by side too). Until the code of a first load arrives the whole page waits
 * (FullPageSpinner); a navigation, which the router runs in a transition, keeps the page shown
 * until the next one is ready. A frame shows its own fallback around its screen (the layouts).
 */
export function RouteTable({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  void preloadRoutes(routes, location);
  const screen = useRoutes(routes, location);
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<FullPageSpinner />}>{screen}</Suspense>
    </RouteErrorBoundary>
  );
}
