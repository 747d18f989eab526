import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepPreviousData, QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from './query';

/** A promise settled from outside, for a test to hold an answer back. */
function deferred<Value>() {
  let resolve!: (value: Value) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Value>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function clientWithoutRetries() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** A query of `queryKey` answered by `queryFn`, rendered under `client`. */
function renderQuery<Data>(
  client: QueryClient,
  options: { queryKey: readonly unknown[]; queryFn: () => Promise<Data>; staleTime?: number; enabled?: boolean },
) {
  return renderHook(() => useQuery(options), { wrapper: wrapperOf(client) });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useQuery', () => {
  it('loads once for every screen asking for the same key at the same time', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const both = renderHook(
      () => [
        useQuery({ queryKey: ['shared', { b: 2, a: 1 }], queryFn }),
        useQuery({ queryKey: ['shared', { a: 1, b: 2 }], queryFn }),
      ],
      { wrapper: wrapperOf(client) },
    );

    await waitFor(() => expect(both.result.current.map((query) => query.data)).toEqual(['answer', 'answer']));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('loads once under StrictMode, whose effects run twice', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const { result } = renderHook(() => useQuery({ queryKey: ['strict'], queryFn }), {
      wrapper: ({ children }) => (
        <StrictMode>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </StrictMode>
      ),
    });

    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('renders once when a screen opens and loads, and once more when the answer comes', async () => {
    const answer = deferred<string>();
    const client = clientWithoutRetries();
    const shown: { status: string; isFetching: boolean }[] = [];
    renderHook(
      () => {
        const { status, isFetching } = useQuery({ queryKey: ['renders'], queryFn: () => answer.promise });
        shown.push({ status, isFetching });
      },
      { wrapper: wrapperOf(client) },
    );
    await act(async () => {});
    expect(shown).toEqual([{ status: 'pending', isFetching: true }]);

    await act(async () => answer.resolve('answer'));
    expect(shown).toEqual([
      { status: 'pending', isFetching: true },
      { status: 'success', isFetching: false },
    ]);
  });

  it('renders a change that came before the screen was told of changes', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const { result } = renderHook(
      () => {
        const query = useQuery({ queryKey: ['early'], queryFn, staleTime: Infinity });
        // The answer is stored during the render, before the screen subscribes in its effect.
        if (query.data === undefined) client.setQueryData(['early'], 'stored');
        return query;
      },
      { wrapper: wrapperOf(client) },
    );
    await act(async () => {});
    expect(result.current.data).toBe('stored');
  });

  it('goes from pending to success, fetching meanwhile', async () => {
    const answer = deferred<string>();
    const { result } = renderQuery(clientWithoutRetries(), { queryKey: ['states'], queryFn: () => answer.promise });

    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, data: undefined, error: null });
    await act(async () => answer.resolve('answer'));
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, isFetching: false, data: 'answer' });
  });

  it('shows the cached answer at once when a screen comes back, and reloads it behind', async () => {
    const client = clientWithoutRetries();
    const first = renderQuery(client, { queryKey: ['cached'], queryFn: async () => 'first' });
    await waitFor(() => expect(first.result.current.data).toBe('first'));
    first.unmount();

    const reload = deferred<string>();
    const again = renderQuery(client, { queryKey: ['cached'], queryFn: () => reload.promise });
    expect(again.result.current).toMatchObject({ status: 'success', data: 'first' });
    await waitFor(() => expect(again.result.current.isFetching).toBe(true));
    await act(async () => reload.resolve('second'));
    expect(again.result.current.data).toBe('second');
  });

  it('does not reload an answer younger than its staleTime', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const first = renderQuery(client, { queryKey: ['fresh'], queryFn, staleTime: 60_000 });
    await waitFor(() => expect(first.result.current.data).toBe('answer'));
    first.unmount();

    const again = renderQuery(client, { queryKey: ['fresh'], queryFn, staleTime: 60_000 });
    await act(async () => {});
    expect(again.result.current).toMatchObject({ data: 'answer', isFetching: false });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while disabled, and loads once enabled', async () => {
    const queryFn = vi.fn(async () => 'answer');
    const { result, rerender } = renderHook(({ enabled }) => useQuery({ queryKey: ['gated'], queryFn, enabled }), {
      wrapper: wrapperOf(clientWithoutRetries()),
      initialProps: { enabled: false },
    });
    await act(async () => {});
    expect(queryFn).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'pending', isFetching: false });

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe('answer'));
  });

  it('ends in error with the error, and keeps the data it had when a reload fails', async () => {
    const failure = new Error('refused');
    const queryFn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(failure);
    const { result } = renderQuery(clientWithoutRetries(), { queryKey: ['failing'], queryFn });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', isError: true, error: failure }));

    queryFn.mockResolvedValueOnce('answer');
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ status: 'success', data: 'answer', error: null });

    queryFn.mockRejectedValueOnce(failure);
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ status: 'error', data: 'answer', error: failure });
  });

  it('keeps the previous key’s data while the next key loads, with keepPreviousData', async () => {
    const pages = new Map([1, 2].map((page) => [page, deferred<string>()]));
    const { result, rerender } = renderHook(
      ({ page }) =>
        useQuery({
          queryKey: ['pages', page],
          queryFn: () => pages.get(page)!.promise,
          placeholderData: keepPreviousData,
        }),
      { wrapper: wrapperOf(clientWithoutRetries()), initialProps: { page: 1 } },
    );
    await act(async () => pages.get(1)!.resolve('page 1'));
    expect(result.current.data).toBe('page 1');

    rerender({ page: 2 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current).toMatchObject({ status: 'success', isPending: false, data: 'page 1' });
    await act(async () => pages.get(2)!.resolve('page 2'));
    expect(result.current.data).toBe('page 2');
  });

  it('shows nothing of the previous key without a placeholder', async () => {
    const { result, rerender } = renderHook(
      ({ page }) =>
        useQuery({
          queryKey: ['unkept', page],
          queryFn: () => (page === 1 ? Promise.resolve('page 1') : new Promise(() => {})),
        }),
      { wrapper: wrapperOf(clientWithoutRetries()), initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data).toBe('page 1'));
    rerender({ page: 2 });
    expect(result.current).toMatchObject({ status: 'pending', data: undefined });
  });

  it('keeps the object of an answer that did not change, and of its unchanged parts', async () => {
    const queryFn = vi
      .fn<() => Promise<{ total: number; rows: { id: number }[]; owner: { name: string } }>>()
      .mockResolvedValueOnce({ total: 1, rows: [{ id: 1 }], owner: { name: 'Ada' } })
      .mockResolvedValueOnce({ total: 1, rows: [{ id: 1 }], owner: { name: 'Ada' } })
      .mockResolvedValueOnce({ total: 2, rows: [{ id: 1 }, { id: 2 }], owner: { name: 'Ada' } });
    const { result } = renderQuery(clientWithoutRetries(), { queryKey: ['shared-structure'], queryFn });
    await waitFor(() => expect(result.current.data).toBeDefined());
    const first = result.current.data!;

    await act(() => result.current.refetch());
    expect(result.current.data).toBe(first);

    await act(() => result.current.refetch());
    const changed = result.current.data!;
    expect(changed).not.toBe(first);
    expect(changed.rows).toHaveLength(2);
    expect(changed.rows[0]).toBe(first.rows[0]);
    expect(changed.owner).toBe(first.owner);
  });

  it('starts the reload anew when refetched during a reload of data it shows', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let call = 0;
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['restarted'],
          queryFn: ({ signal }) => {
            signals.push(signal);
            return answers[call++]!.promise;
          },
        }),
      { wrapper: wrapperOf(clientWithoutRetries()) },
    );
    await act(async () => answers[0]!.resolve('loaded'));

    let reloaded!: Promise<void>;
    act(() => void result.current.refetch());
    act(() => {
      reloaded = result.current.refetch();
    });
    expect(signals[1]!.aborted).toBe(true);
    await act(async () => answers[1]!.resolve('outdated'));
    expect(result.current.data).toBe('loaded');
    await act(async () => {
      answers[2]!.resolve('current');
      await reloaded;
    });
    expect(result.current.data).toBe('current');
  });
});

describe('retries', () => {
  it('retries 3 times by default, after 1, 2 and 4 seconds', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    const { result } = renderQuery(new QueryClient(), { queryKey: ['retried'], queryFn });

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryFn).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(result.current.isError).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(result.current.isError).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('asks the default retry judgement with the failures so far and the error', async () => {
    vi.useFakeTimers();
    const judged: [number, string][] = [];
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          retry: (failureCount, error) => {
            judged.push([failureCount, (error as Error).message]);
            return failureCount < 2;
          },
        },
      },
    });
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    const { result } = renderQuery(client, { queryKey: ['judged'], queryFn });

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(judged).toEqual([
      [0, 'down'],
      [1, 'down'],
      [2, 'down'],
    ]);
    expect(result.current.error?.message).toBe('down');
  });

  it('lets a query’s own retry override the default', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    renderHook(() => useQuery({ queryKey: ['own-retry'], queryFn, retry: 1 }), {
      wrapper: wrapperOf(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('does not retry a mutation unless the default says so', async () => {
    vi.useFakeTimers();
    const mutationFn = vi.fn(() => Promise.reject(new Error('down')));
    const once = renderHook(() => useMutation({ mutationFn }), { wrapper: wrapperOf(new QueryClient()) });
    act(() => once.result.current.mutate());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(mutationFn).toHaveBeenCalledTimes(1);

    const retried = renderHook(() => useMutation({ mutationFn }), {
      wrapper: wrapperOf(new QueryClient({ defaultOptions: { mutations: { retry: 1 } } })),
    });
    act(() => retried.result.current.mutate());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(mutationFn).toHaveBeenCalledTimes(3);
  });
});

describe('refetchInterval', () => {
  it('reloads every interval while shown, and stops once the function says false or the screen leaves', async () => {
    vi.useFakeTimers();
    let answer = 0;
    const queryFn = vi.fn(async () => ++answer);
    const { result, unmount } = renderHook(
      () =>
        useQuery({
          queryKey: ['polled'],
          queryFn,
          refetchInterval: (query) => (query.state.data === 3 ? false : 1000),
        }),
      { wrapper: wrapperOf(clientWithoutRetries()) },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.data).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.data).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    unmount();
  });

  it('does not poll while disabled', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(async () => 'answer');
    renderHook(() => useQuery({ queryKey: ['unpolled'], queryFn, refetchInterval: 1000, enabled: false }), {
      wrapper: wrapperOf(clientWithoutRetries()),
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('does not poll while the tab is hidden', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const queryFn = vi.fn(async () => 'answer');
    renderHook(() => useQuery({ queryKey: ['hidden-tab'], queryFn, refetchInterval: 1000 }), {
      wrapper: wrapperOf(clientWithoutRetries()),
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('stops polling when the screen leaves', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(async () => 'answer');
    const { unmount } = renderHook(() => useQuery({ queryKey: ['left'], queryFn, refetchInterval: 1000 }), {
      wrapper: wrapperOf(clientWithoutRetries()),
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });
});

describe('QueryClient', () => {
  it('reloads the shown queries under a key prefix, resolving once they have, and marks the others stale', async () => {
    const client = clientWithoutRetries();
    const calls: string[] = [];
    const answerOf = (name: string) => async () => {
      calls.push(name);
      return `${name} #${calls.filter((call) => call === name).length}`;
    };
    const hidden = renderQuery(client, { queryKey: ['list', 2], queryFn: answerOf('page 2'), staleTime: Infinity });
    await waitFor(() => expect(hidden.result.current.data).toBe('page 2 #1'));
    hidden.unmount();
    const shown = renderHook(
      () => [
        useQuery({ queryKey: ['list', 1], queryFn: answerOf('page 1'), staleTime: Infinity }),
        useQuery({ queryKey: ['lists'], queryFn: answerOf('lists'), staleTime: Infinity }),
        useQuery({ queryKey: ['list', 3], queryFn: answerOf('page 3'), enabled: false }),
      ],
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(shown.result.current[1]!.data).toBe('lists #1'));

    await act(() => client.invalidateQueries({ queryKey: ['list'] }));
    expect(shown.result.current[0]!.data).toBe('page 1 #2');
    expect(calls).toEqual(['page 2', 'page 1', 'lists', 'page 1']);

    const back = renderQuery(client, { queryKey: ['list', 2], queryFn: answerOf('page 2'), staleTime: Infinity });
    expect(back.result.current.data).toBe('page 2 #1');
    await waitFor(() => expect(back.result.current.data).toBe('page 2 #2'));
  });

  it('matches whole parts of a key: ["page", 1] is no prefix of ["page", 10]', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    renderHook(() => [useQuery({ queryKey: ['page', 1], queryFn }), useQuery({ queryKey: ['page', 10], queryFn })], {
      wrapper: wrapperOf(client),
    });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));

    await act(() => client.invalidateQueries({ queryKey: ['page', 1] }));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('only marks stale with refetchType none', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const { unmount } = renderQuery(client, { queryKey: ['marked'], queryFn, staleTime: Infinity });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    await act(() => client.invalidateQueries({ queryKey: ['marked'], refetchType: 'none' }));
    expect(queryFn).toHaveBeenCalledTimes(1);
    unmount();
    renderQuery(client, { queryKey: ['marked'], queryFn, staleTime: Infinity });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
  });

  it('prefetches a key that a screen asking meanwhile joins, without a second load', async () => {
    const client = clientWithoutRetries();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const prefetched = client.prefetchQuery({ queryKey: ['ahead'], queryFn });
    const { result } = renderQuery(client, { queryKey: ['ahead'], queryFn });
    expect(result.current.isPending).toBe(true);

    answer.resolve('ready');
    await prefetched;
    await waitFor(() => expect(result.current.data).toBe('ready'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('stores setQueryData as a fresh answer that screens show', async () => {
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'loaded');
    client.setQueryData(['set'], 'stored');
    const { result } = renderQuery(client, { queryKey: ['set'], queryFn, staleTime: 30_000 });
    expect(result.current).toMatchObject({ status: 'success', data: 'stored' });

    act(() => client.setQueryData(['set'], 'stored again'));
    expect(result.current.data).toBe('stored again');
    await act(async () => {});
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('forgets every answer on clear, abandoning the loads under way', async () => {
    const client = clientWithoutRetries();
    client.setQueryData(['kept'], 'stored');
    let signal: AbortSignal | undefined;
    renderHook(
      () =>
        useQuery({
          queryKey: ['loading'],
          queryFn: (context) => {
            signal = context.signal;
            return new Promise<string>(() => {});
          },
        }),
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(signal).toBeDefined());

    client.clear();
    expect(signal!.aborted).toBe(true);
    const queryFn = vi.fn(async () => 'loaded');
    const { result } = renderQuery(client, { queryKey: ['kept'], queryFn, staleTime: Infinity });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toBe('loaded'));
  });

  it('tells its error listeners of a query that failed, once its retries are spent', async () => {
    const client = clientWithoutRetries();
    const failures: Error[] = [];
    const stop = client.onQueryError((error) => failures.push(error));
    const failure = new Error('refused');
    const { result } = renderQuery(client, { queryKey: ['told'], queryFn: () => Promise.reject(failure) });
    await waitFor(() => expect(failures).toEqual([failure]));

    stop();
    await act(() => result.current.refetch());
    expect(failures).toHaveLength(1);
  });

  it('drops an answer no screen has shown for five minutes', async () => {
    vi.useFakeTimers();
    const client = clientWithoutRetries();
    const queryFn = vi.fn(async () => 'answer');
    const first = renderQuery(client, { queryKey: ['collected'], queryFn, staleTime: Infinity });
    await act(() => vi.advanceTimersByTimeAsync(0));
    first.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 - 1));
    const within = renderQuery(client, { queryKey: ['collected'], queryFn, staleTime: Infinity });
    expect(within.result.current.data).toBe('answer');
    within.unmount();

    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    const after = renderQuery(client, { queryKey: ['collected'], queryFn, staleTime: Infinity });
    expect(after.result.current.data).toBeUndefined();
  });
});

describe('useMutation', () => {
  it('awaits the hook’s callbacks before it settles, then runs those given to mutate', async () => {
    const log: string[] = [];
    const invalidated = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (name: string) => {
            log.push(`mutationFn ${name}`);
            return `saved ${name}`;
          },
          onSuccess: (data) => {
            log.push(`onSuccess ${data}`);
            return invalidated.promise;
          },
          onSettled: (data, error) => void log.push(`onSettled ${data} ${error}`),
        }),
      { wrapper: wrapperOf(clientWithoutRetries()) },
    );

    act(() =>
      result.current.mutate('Ada', {
        onSuccess: (data, variables) => void log.push(`mutate onSuccess ${data} ${variables}`),
        onSettled: () => void log.push('mutate onSettled'),
      }),
    );
    await waitFor(() => expect(log).toEqual(['mutationFn Ada', 'onSuccess saved Ada']));
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, variables: 'Ada' });

    await act(async () => invalidated.resolve());
    expect(log).toEqual([
      'mutationFn Ada',
      'onSuccess saved Ada',
      'onSettled saved Ada null',
      'mutate onSuccess saved Ada Ada',
      'mutate onSettled',
    ]);
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: 'saved Ada', variables: 'Ada' });
  });

  it('reports a failure to the callbacks and in its state; mutateAsync rejects, mutate does not', async () => {
    const log: string[] = [];
    const failure = new Error('refused');
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: () => Promise.reject(failure),
          onError: (error) => void log.push(`onError ${error.message}`),
          onSettled: (data, error) => void log.push(`onSettled ${data} ${error?.message}`),
        }),
      { wrapper: wrapperOf(clientWithoutRetries()) },
    );

    await act(() => expect(result.current.mutateAsync()).rejects.toBe(failure));
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: failure, data: undefined });

    act(() =>
      result.current.mutate(undefined, { onError: (error) => void log.push(`mutate onError ${error.message}`) }),
    );
    await waitFor(() => expect(log).toHaveLength(5));
    expect(log).toEqual([
      'onError refused',
      'onSettled undefined refused',
      'onError refused',
      'onSettled undefined refused',
      'mutate onError refused',
    ]);
  });

  it('forgets a run on reset: its outcome neither shows nor calls the callbacks given to mutate', async () => {
    const saved = deferred<string>();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useMutation({ mutationFn: () => saved.promise }), {
      wrapper: wrapperOf(clientWithoutRetries()),
    });
    act(() => result.current.mutate(undefined, { onSuccess }));
    expect(result.current.isPending).toBe(true);

    act(() => result.current.reset());
    await act(async () => saved.resolve('saved'));
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, variables: undefined });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('runs the hook’s callbacks but not those given to mutate once the screen has left', async () => {
    const saved = deferred<string>();
    const hookSuccess = vi.fn();
    const callSuccess = vi.fn();
    const { result, unmount } = renderHook(
      () => useMutation({ mutationFn: () => saved.promise, onSuccess: hookSuccess }),
      {
        wrapper: wrapperOf(clientWithoutRetries()),
      },
    );
    act(() => result.current.mutate(undefined, { onSuccess: callSuccess }));
    unmount();
    await act(async () => saved.resolve('saved'));
    expect(hookSuccess).toHaveBeenCalledWith('saved', undefined);
    expect(callSuccess).not.toHaveBeenCalled();
  });

  it('keeps the same mutate between renders, for effects that depend on it', () => {
    const { result, rerender } = renderHook(() => useMutation({ mutationFn: async () => 'saved' }), {
      wrapper: wrapperOf(clientWithoutRetries()),
    });
    const { mutate } = result.current;
    rerender();
    expect(result.current.mutate).toBe(mutate);
  });

  it('stays pending until the queries its onSuccess invalidates have reloaded', async () => {
    const client = clientWithoutRetries();
    const reload = deferred<string>();
    const answers = [Promise.resolve('before'), reload.promise];
    const { result } = renderHook(
      () => {
        const queryClient = useQueryClient();
        return {
          list: useQuery({ queryKey: ['items'], queryFn: () => answers.shift()! }),
          add: useMutation({
            mutationFn: async () => 'added',
            onSuccess: () => queryClient.invalidateQueries({ queryKey: ['items'] }),
          }),
        };
      },
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(result.current.list.data).toBe('before'));

    act(() => result.current.add.mutate());
    await waitFor(() => expect(result.current.list.isFetching).toBe(true));
    expect(result.current.add.isPending).toBe(true);
    await act(async () => reload.resolve('after'));
    expect(result.current.list.data).toBe('after');
    expect(result.current.add.isSuccess).toBe(true);
  });
});
