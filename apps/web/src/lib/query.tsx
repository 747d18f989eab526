import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react';

/*
 * The app's server data: a cache of answers by key, the hooks that load them (useQuery) and change
 * them (useMutation). It keeps the part of TanStack Query's API and defaults the app uses in 2 kB
 * (brotli) of the entry chunk every page loads, where TanStack Query took 11: one answer per key
 * however many screens ask, shown at once when a screen comes back and reloaded behind it,
 * failures retried with backoff, unused answers dropped after five minutes.
 */

type QueryKey = readonly unknown[];

/**
 * Whether a failed call is tried again: `true` always, `false` never, a number of retries, or a
 * judgement on each failure given how many failed before it (0 the first time).
 */
type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

interface QueryClientConfig {
  /** Retries when a query or mutation gives none; by default queries retry 3 times, mutations never. */
  defaultOptions?: { queries?: { retry?: Retry }; mutations?: { retry?: Retry } };
}

interface QueryState<Data> {
  data: Data | undefined;
  error: Error | null;
  /** `pending` until a first answer or failure; a reload keeps the status (and data) it had. */
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  /** When `data` was stored (ms), against which it goes stale. */
  dataUpdatedAt: number;
  /** Marked stale by `invalidateQueries`, however recent. */
  isInvalidated: boolean;
}

/** What a query calls for its answer: `signal` aborts once the answer is no longer wanted. */
type QueryFn<Data> = (context: { signal: AbortSignal }) => Promise<Data>;

/** How a query loads, as the screens showing it give it. */
interface LoadOptions<Data> {
  queryFn: QueryFn<Data>;
  retry?: Retry;
  enabled?: boolean;
}

/** A screen showing a query: told of each change, and how it would load the query now. */
interface Observer<Data> {
  notify(): void;
  options(): LoadOptions<Data>;
}

/** How long an answer no screen shows stays cached (TanStack's gcTime). */
const unusedQueryLifeMs = 5 * 60_000;

/** TanStack's backoff: 1 s, 2 s, 4 s... up to 30 s between tries. */
const retryDelayMs = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/** Runs `call` until it succeeds or `retry` gives up, waiting longer between tries; stops once `signal` aborts. */
async function withRetries<Result>(call: () => Promise<Result>, retry: Retry, signal?: AbortSignal): Promise<Result> {
  for (let failureCount = 0; ; failureCount++) {
    try {
      signal?.throwIfAborted();
      return await call();
    } catch (error) {
      const again =
        typeof retry === 'function'
          ? retry(failureCount, error)
          : typeof retry === 'number'
            ? failureCount < retry
            : retry;
      if (!again || signal?.aborted) throw error;
      await new Promise((resume) => setTimeout(resume, retryDelayMs(failureCount)));
    }
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The cache's name for a key: its JSON with object properties sorted, so `{ a, b }` and `{ b, a }` are one key. */
function hashKey(queryKey: QueryKey): string {
  return JSON.stringify(queryKey, (_, value) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

/**
 * `next`, keeping every part of `previous` it equals (the whole of it when deep-equal), as
 * TanStack's structural sharing does: a reload that changes nothing re-runs no effect and
 * re-renders no memoised row.
 */
function replaceEqualDeep<Value>(previous: unknown, next: Value): Value {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const merged = (arrays ? [] : {}) as Record<string, unknown>;
  let unchanged = Object.keys(before).length === Object.keys(after).length;
  for (const name of Object.keys(after)) {
    merged[name] = replaceEqualDeep(before[name], after[name]);
    if (merged[name] !== before[name] || !(name in before)) unchanged = false;
  }
  return (unchanged ? previous : merged) as Value;
}

/** The cache entry of one key: its state, the screens showing it and its fetch under way. */
class Query<Data> {
  state: QueryState<Data> = {
    data: undefined,
    error: null,
    status: 'pending',
    isFetching: false,
    dataUpdatedAt: 0,
    isInvalidated: false,
  };
  readonly observers = new Set<Observer<Data>>();
  #fetching: Promise<void> | undefined;
  #abort: AbortController | undefined;
  #removal: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    readonly hash: string,
    readonly client: QueryClient,
  ) {
    this.#scheduleRemoval();
  }

  /** Adds a screen showing the query (no longer removed meanwhile); returns how to remove it. */
  observe(observer: Observer<Data>): () => void {
    clearTimeout(this.#removal);
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size === 0) this.#scheduleRemoval();
    };
  }

  #scheduleRemoval() {
    this.#removal = setTimeout(() => this.client.remove(this), unusedQueryLifeMs);
  }

  #update(change: Partial<QueryState<Data>>) {
    this.state = { ...this.state, ...change };
    for (const observer of this.observers) observer.notify();
  }

  setData(data: Data) {
    this.#update({
      data: replaceEqualDeep(this.state.data, data),
      error: null,
      status: 'success',
      isFetching: false,
      dataUpdatedAt: Date.now(),
      isInvalidated: false,
    });
  }

  invalidate() {
    this.#update({ isInvalidated: true });
  }

  isStale(staleTime: number): boolean {
    const { data, dataUpdatedAt, isInvalidated } = this.state;
    return isInvalidated || data === undefined || Date.now() >= dataUpdatedAt + staleTime;
  }

  /** What starting a load changes: a query without data goes back to pending. */
  loadingChange(): Partial<QueryState<Data>> {
    return this.state.data === undefined ? { isFetching: true, status: 'pending', error: null } : { isFetching: true };
  }

  /**
   * Loads the answer, joining the fetch under way; with `restart` (a reload asked for after a
   * change) a fetch under way for data already shown is abandoned for a new one, which could not
   * see the change. Resolves once the latest fetch has settled.
   */
  fetch({ queryFn, retry }: LoadOptions<Data>, restart = false): Promise<void> {
    if (this.#fetching && !(restart && this.state.data !== undefined)) return this.#fetching;
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#update(this.loadingChange());
    const fetching: Promise<void> = withRetries(
      () => queryFn({ signal: abort.signal }),
      retry ?? this.client.defaultOptions.queries?.retry ?? 3,
      abort.signal,
    ).then(
      (data) => {
        if (this.#fetching !== fetching) return this.#fetching;
        this.#fetching = undefined;
        this.setData(data);
      },
      (error: Error) => {
        if (this.#fetching !== fetching) return this.#fetching;
        this.#fetching = undefined;
        this.#update({ error, status: 'error', isFetching: false });
        this.client.reportError(error);
      },
    );
    this.#fetching = fetching;
    return fetching;
  }

  /** Abandons the fetch under way and the scheduled removal: the cache lets go of the query. */
  cancel() {
    this.#abort?.abort();
    this.#fetching = undefined;
    clearTimeout(this.#removal);
  }
}

/** The cache of every query, shared by the screens under one QueryClientProvider. */
export class QueryClient {
  readonly defaultOptions: NonNullable<QueryClientConfig['defaultOptions']>;
  readonly #queries = new Map<string, Query<unknown>>();
  readonly #errorListeners = new Set<(error: Error) => void>();

  constructor({ defaultOptions = {} }: QueryClientConfig = {}) {
    this.defaultOptions = defaultOptions;
  }

  /** The entry of `queryKey`, made on first use. */
  getQuery<Data>(queryKey: QueryKey): Query<Data> {
    const hash = hashKey(queryKey);
    let query = this.#queries.get(hash);
    if (!query) {
      query = new Query(queryKey, hash, this);
      this.#queries.set(hash, query);
    }
    return query as Query<Data>;
  }

  /** Drops an entry no screen has shown for a while, as the entry asks (a newer entry of its key stays). */
  remove(query: Query<unknown>) {
    if (this.#queries.get(query.hash) === query) this.#queries.delete(query.hash);
  }

  /**
   * Starts loading `queryKey` before a screen asks for it (the session's profile, fetched beside
   * the code of the first page); a screen that then asks joins the fetch under way.
   */
  prefetchQuery<Data>({ queryKey, ...options }: { queryKey: QueryKey } & LoadOptions<Data>): Promise<void> {
    return this.getQuery<Data>(queryKey).fetch(options);
  }

  /** Stores `data` as the answer of `queryKey`, fresh, as if it had just been loaded. */
  setQueryData<Data>(queryKey: QueryKey, data: Data) {
    this.getQuery<Data>(queryKey).setData(data);
  }

  /**
   * Marks stale every query whose key starts with the parts of `queryKey`, and reloads those a
   * screen shows (unless `refetchType: 'none'`); resolves once they have reloaded, so a mutation
   * returning it stays pending until its screen shows the change. The others reload when next shown.
   */
  invalidateQueries({ queryKey, refetchType }: { queryKey: QueryKey; refetchType?: 'none' }): Promise<void> {
    const prefix = hashKey(queryKey);
    const reloads: Promise<void>[] = [];
    for (const query of this.#queries.values()) {
      if (hashKey(query.queryKey.slice(0, queryKey.length)) !== prefix) continue;
      query.invalidate();
      const shown = [...query.observers]
        .map((observer) => observer.options())
        .find((options) => options.enabled !== false);
      if (shown && refetchType !== 'none') reloads.push(query.fetch(shown, true));
    }
    return Promise.all(reloads).then(() => undefined);
  }

  /** Forgets every answer (signing out): screens still shown load theirs again when they next render. */
  clear() {
    for (const query of this.#queries.values()) query.cancel();
    this.#queries.clear();
  }

  /** Calls `listener` with the error of every query that fails, after its retries; returns how to stop. */
  onQueryError(listener: (error: Error) => void): () => void {
    this.#errorListeners.add(listener);
    return () => this.#errorListeners.delete(listener);
  }

  /** Tells the listeners of `onQueryError`, as a query whose fetch failed asks. */
  reportError(error: Error) {
    for (const listener of this.#errorListeners) listener(error);
  }
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient must be used inside <QueryClientProvider>');
  return client;
}

interface UseQueryOptions<Data> {
  queryKey: QueryKey;
  queryFn: QueryFn<Data>;
  /** `false`: not loaded (a screen still missing what the key needs); what is cached is shown. */
  enabled?: boolean;
  retry?: Retry;
  /** How long an answer counts as fresh (ms): a screen shown meanwhile does not reload it. */
  staleTime?: number;
  /** What to show while the key has no answer yet, given the data shown before (`keepPreviousData`). */
  placeholderData?: (previousData: Data | undefined) => Data | undefined;
  /** Reloads every so many ms while shown; a function decides from the query's state after each change. */
  refetchInterval?: number | false | ((query: { state: QueryState<Data> }) => number | false);
}

/**
 * A status with the data and error it implies, for TypeScript to narrow on `isSuccess`, `isError`
 * or `data` as TanStack's types allow.
 */
type Outcome<Status, Data, Failure> = {
  status: Status;
  data: Data;
  error: Failure;
  isPending: Status extends 'pending' ? true : false;
  isError: Status extends 'error' ? true : false;
  isSuccess: Status extends 'success' ? true : false;
};

export type UseQueryResult<Data> = (
  | Outcome<'pending', undefined, null>
  | Outcome<'error', undefined, Error>
  | Outcome<'error', Data, Error>
  | Outcome<'success', Data, null>
) & {
  isFetching: boolean;
  /** Reloads now, enabled or not. */
  refetch: () => Promise<void>;
};

/** Shows the previous key's data while the next one loads: a list keeps its page until the next page arrives. */
export function keepPreviousData<Data>(previousData: Data | undefined): Data | undefined {
  return previousData;
}

/**
 * What a screen shows of `query`: its state, or, when the screen is about to load it (`loads`), the
 * state the load is about to set, as TanStack's optimistic result does: the load then changes
 * nothing on screen and costs no render of its own.
 */
function shownState<Data>(query: Query<Data>, loads: boolean): QueryState<Data> {
  const { state } = query;
  if (!loads || state.isFetching) return state;
  return { ...state, ...query.loadingChange() };
}

const sameOnScreen = <Data,>(shown: QueryState<Data>, now: QueryState<Data>) =>
  shown.status === now.status &&
  shown.data === now.data &&
  shown.error === now.error &&
  shown.isFetching === now.isFetching;

/**
 * Shows `query` on this screen: a reload asked for elsewhere loads with the screen's
 * `currentOptions`, and the screen renders again when the query changes what it shows (its data,
 * error, status or whether it is loading). A change it already showed (`shown`, as of the last
 * render committed) costs no render. The render for a change runs in a transition, which React
 * splits into slices that give way to input: an answer arriving does not hold a phone's main
 * thread for the whole page's render, as a store's change (useSyncExternalStore) would.
 */
function useObservedQuery<Data>(query: Query<Data>, shown: QueryState<Data>, currentOptions: () => LoadOptions<Data>) {
  const [, render] = useReducer((renders: number) => renders + 1, 0);
  const renderedFrom = query.state;
  const committed = useRef({ shown, renderedFrom });
  useEffect(() => {
    committed.current = { shown, renderedFrom };
  });
  useEffect(() => {
    const stop = query.observe({
      notify: () => {
        if (!sameOnScreen(committed.current.shown, query.state)) startTransition(render);
      },
      options: currentOptions,
    });
    // A change between the render and this subscription would otherwise go unseen.
    if (query.state !== committed.current.renderedFrom) render();
    return stop;
  }, [query, currentOptions]);
}

/**
 * The answer of `queryKey` as `queryFn` loads it: cached, shared with every screen asking for the
 * same key, loaded when missing or stale as the screen shows it.
 */
export function useQuery<Data>(options: UseQueryOptions<Data>): UseQueryResult<Data> {
  const { enabled = true, staleTime = 0, refetchInterval } = options;
  const query = useQueryClient().getQuery<Data>(options.queryKey);
  // The options of the last render, which a reload asked for elsewhere (invalidateQueries) uses.
  const latest = useRef(options);
  latest.current = options;
  // What the load below was last run for: it runs again, and loads if stale, when any of it changes.
  const loadedFor = useRef<{ query: Query<Data>; enabled: boolean; staleTime: number }>(undefined);
  const loadAhead =
    loadedFor.current?.query !== query ||
    loadedFor.current.enabled !== enabled ||
    loadedFor.current.staleTime !== staleTime;
  const state = shownState(query, loadAhead && enabled && query.isStale(staleTime));
  useObservedQuery(
    query,
    state,
    useCallback(() => latest.current, []),
  );

  useEffect(() => {
    loadedFor.current = { query, enabled, staleTime };
    if (enabled && query.isStale(staleTime)) void query.fetch(latest.current);
  }, [query, enabled, staleTime]);

  const pollMs = typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval;
  useEffect(() => {
    if (!enabled || !pollMs) return;
    // Not while the tab is hidden, as TanStack's default: nobody is looking.
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void query.fetch(latest.current);
    }, pollMs);
    return () => clearInterval(timer);
  }, [query, enabled, pollMs]);

  const refetch = useCallback(() => query.fetch(latest.current, true), [query]);

  // The data shown last, which the placeholder of the next key may keep.
  const shownData = useRef<Data>(undefined);
  if (state.data !== undefined) shownData.current = state.data;
  const placeholder = state.status === 'pending' ? options.placeholderData?.(shownData.current) : undefined;
  const status = placeholder === undefined ? state.status : 'success';
  return {
    data: placeholder === undefined ? state.data : placeholder,
    error: state.error,
    status,
    isPending: status === 'pending',
    isError: status === 'error',
    isSuccess: status === 'success',
    isFetching: state.isFetching,
    refetch,
  } as UseQueryResult<Data>;
}

interface MutationCallbacks<Data, Variables> {
  onSuccess?: (data: Data, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
  onSettled?: (data: Data | undefined, error: Error | null, variables: Variables) => unknown;
}

interface UseMutationOptions<Data, Variables> extends MutationCallbacks<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
}

interface MutationState<Data, Variables> {
  status: 'idle' | 'pending' | 'error' | 'success';
  data: Data | undefined;
  error: Error | null;
  variables: Variables | undefined;
}

type UseMutationResult<Data, Variables> = (
  | (Outcome<'idle', undefined, null> & { variables: undefined })
  | (Outcome<'pending', undefined, null> & { variables: Variables })
  | (Outcome<'error', undefined, Error> & { variables: Variables })
  | (Outcome<'success', Data, null> & { variables: Variables })
) & {
  /** Runs the mutation; its failure shows in `error` (and `callbacks.onError`), never thrown. */
  mutate: (variables: Variables, callbacks?: MutationCallbacks<Data, Variables>) => void;
  mutateAsync: (variables: Variables, callbacks?: MutationCallbacks<Data, Variables>) => Promise<Data>;
  /** Back to idle: the run under way, if any, no longer shows here nor calls its `mutate` callbacks. */
  reset: () => void;
};

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A change sent to the server. The hook's `onSuccess`, `onError` and `onSettled` run first and are
 * awaited (a returned `invalidateQueries` keeps the mutation pending until the screen shows the
 * change); then the state settles and the callbacks given to `mutate` run, for the latest run of a
 * screen still shown.
 */
export function useMutation<Data, Variables = void>(
  options: UseMutationOptions<Data, Variables>,
): UseMutationResult<Data, Variables> {
  const client = useQueryClient();
  const [state, setState] = useState<MutationState<Data, Variables>>(idle);
  const latest = useRef(options);
  latest.current = options;
  // Numbers each run: only the latest one updates the state; `reset` skips past it.
  const runs = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(
    async (variables: Variables, callbacks: MutationCallbacks<Data, Variables> = {}) => {
      const run = ++runs.current;
      const { mutationFn, onSuccess, onError, onSettled } = latest.current;
      /**
       * Shows the outcome of this run unless a later one (or `reset`) replaced it; tells whether
       * the callbacks given to `mutate` run: for that latest run, on a screen still shown.
       */
      const settle = (outcome: Partial<MutationState<Data, Variables>>) => {
        if (runs.current !== run) return false;
        setState({ ...idle, variables, ...outcome });
        return mounted.current;
      };
      settle({ status: 'pending' });
      let data: Data;
      try {
        data = await withRetries(() => mutationFn(variables), client.defaultOptions.mutations?.retry ?? 0);
        await onSuccess?.(data, variables);
        await onSettled?.(data, null, variables);
      } catch (caught) {
        const error = caught as Error;
        try {
          await onError?.(error, variables);
          await onSettled?.(undefined, error, variables);
        } finally {
          if (settle({ status: 'error', error })) {
            callbacks.onError?.(error, variables);
            callbacks.onSettled?.(undefined, error, variables);
          }
        }
        throw error;
      }
      if (settle({ status: 'success', data })) {
        callbacks.onSuccess?.(data, variables);
        callbacks.onSettled?.(data, null, variables);
      }
      return data;
    },
    [client],
  );
  const mutate = useCallback<UseMutationResult<Data, Variables>['mutate']>(
    (variables, callbacks) => {
      mutateAsync(variables, callbacks).catch(() => {});
    },
    [mutateAsync],
  );
  const reset = useCallback(() => {
    runs.current++;
    setState(idle);
  }, []);

  return {
    ...state,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
    mutateAsync,
    reset,
  } as UseMutationResult<Data, Variables>;
}
