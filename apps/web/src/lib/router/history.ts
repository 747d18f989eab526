/** An address of the app and the navigation state it was opened with, as `useLocation` gives it. */
export interface Location {
  pathname: string;
  /** `''` or `?` followed by the query. */
  search: string;
  /** `''` or `#` followed by the fragment. */
  hash: string;
  /** What the navigation that opened this entry carried (`navigate(to, { state })`), else null. */
  state: unknown;
  /** Tells history entries apart, also two at the same address. */
  key: string;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** Where to go: an address (absolute, or `?query` and `#fragment` on the current page), or its parts. */
export type To = string | Partial<Path>;

/** The entries a router moves through: the browser's, or a list in memory for tests. */
export interface History {
  location(): Location;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  /** Calls `listener` after every move, the browser's back and forward included. */
  listen(listener: () => void): () => void;
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${search}${hash}`;
}

/** `to` read from `from`, as the browser resolves a link's href on that page. */
export function resolveTo(to: To, from: Path): Path {
  const href = typeof to === 'string' ? to : createPath({ pathname: from.pathname, search: '', hash: '', ...to });
  const { pathname, search, hash } = new URL(href, `http://app${createPath(from)}`);
  return { pathname, search, hash };
}

function entryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** What the browser keeps of an entry (`history.state`): the shape React Router wrote, so older entries still read. */
interface BrowserEntryState {
  usr: unknown;
  key: string;
}

/** The browser's address bar and history. */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as Partial<BrowserEntryState> | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let current = read();
  const listeners = new Set<() => void>();
  const moved = () => {
    current = read();
    for (const listener of listeners) listener();
  };
  const write = (method: 'pushState' | 'replaceState') => (path: Path, state: unknown) => {
    window.history[method]({ usr: state, key: entryKey() } satisfies BrowserEntryState, '', createPath(path));
    moved();
  };
  return {
    location: () => current,
    push: write('pushState'),
    replace: write('replaceState'),
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', moved);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', moved);
      };
    },
  };
}

/** A history in memory, starting at the last of `initialEntries`: the router of screen tests. */
export function createMemoryHistory(initialEntries: (string | { pathname: string; state?: unknown })[]): History {
  const entryAt = (to: To, state: unknown): Location => ({
    ...resolveTo(to, { pathname: '/', search: '', hash: '' }),
    state,
    key: entryKey(),
  });
  const entries = initialEntries.map((entry) =>
    typeof entry === 'string' ? entryAt(entry, null) : entryAt(entry.pathname, entry.state ?? null),
  );
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const moved = () => {
    for (const listener of listeners) listener();
  };
  return {
    location: () => entries[index]!,
    push(path, state) {
      entries.splice(index + 1, entries.length, entryAt(createPath(path), state));
      index += 1;
      moved();
    },
    replace(path, state) {
      entries[index] = entryAt(createPath(path), state);
      moved();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
