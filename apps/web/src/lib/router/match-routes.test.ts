import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteObject } from './match-routes';

const frame: RouteObject = { element: 'frame' };
const routes: RouteObject[] = [
  {
    ...frame,
    children: [
      { path: '/', element: 'landing' },
      { path: '/ref/:refCode', element: 'referral' },
      { path: '*', element: 'not found' },
    ],
  },
  {
    element: 'guard',
    children: [
      {
        element: 'admin frame',
        children: [
          { path: '/admin/withdrawals/:id', element: 'withdrawal' },
          { path: '/admin/withdrawals/batches', element: 'batches' },
          { path: 'admin/users', element: 'users', children: [{ path: ':id', element: 'user' }] },
        ],
      },
    ],
  },
];

const screenAt = (pathname: string) => matchRoutes(routes, pathname)?.map(({ route }) => route.element);

describe('matchRoutes', () => {
  it('gives the frames and guards around the screen, outermost first', () => {
    expect(screenAt('/admin/withdrawals/7')).toEqual(['guard', 'admin frame', 'withdrawal']);
    expect(screenAt('/')).toEqual(['frame', 'landing']);
  });

  it('prefers a fixed segment to a parameter whatever their order in the table', () => {
    expect(screenAt('/admin/withdrawals/batches')).toEqual(['guard', 'admin frame', 'batches']);
  });

  it('falls back to the rest-of-address route only when nothing else matches', () => {
    expect(screenAt('/nowhere/at/all')).toEqual(['frame', 'not found']);
    expect(screenAt('/ref')).toEqual(['frame', 'not found']);
    expect(matchRoutes([{ path: '/only' }], '/other')).toBeNull();
  });

  it('joins a relative child path to its parent and matches the parent alone too', () => {
    expect(screenAt('/admin/users')).toEqual(['guard', 'admin frame', 'users']);
    expect(screenAt('/admin/users/42')).toEqual(['guard', 'admin frame', 'users', 'user']);
  });

  it('reads decoded parameters, ignoring letter case, a trailing slash and the query', () => {
    const matches = matchRoutes(routes, '/REF/Ab%20C%2F1/?x=1#top');
    expect(matches?.at(-1)?.route.element).toBe('referral');
    expect(matches?.at(-1)?.params).toEqual({ refCode: 'Ab C/1' });
  });
});

describe('matchPath', () => {
  it('keeps a segment that is not valid percent-encoding as it came', () => {
    expect(matchPath('/ref/:refCode', '/ref/%E0%A4%A')).toEqual({ refCode: '%E0%A4%A' });
  });

  it('refuses an address longer or shorter than the pattern', () => {
    expect(matchPath('/ref/:refCode', '/ref')).toBeNull();
    expect(matchPath('/ref/:refCode', '/ref/a/b')).toBeNull();
    expect(matchPath('/files/*', '/files/a/b%20c')).toEqual({ '*': 'a/b c' });
  });
});
