import { screen } from '@testing-library/react';
import { memberProfileSchema } from '@uplink/contract/accounts';
import { storageKeys } from '@uplink/contract/constants';
import { errorTexts } from '@uplink/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { prefetchSession, useAuth } from '../lib/auth';
import { onApi, refusal } from '../testing/api-server';
import { renderRoutes, testQueryClient } from '../testing/render-screen';
import { anAdministrator } from '../testing/sample-data';
import { routes } from './router';

function Greeting() {
  const { status, user } = useAuth();
  return <p>{status === 'authenticated' ? `Hello ${user?.firstName}` : status}</p>;
}

/*
 * The app loads the stored session's profile before it renders (src/main.tsx), beside the code of
 * the first page: the page renders from that one answer, and a refusal that came before anything
 * listened still ends the session with its reason (the session asks again as it starts, and hears it).
 */
describe('the session loaded ahead of the app', () => {
  it('is the one profile request the first page waits for', async () => {
    localStorage.setItem(storageKeys.token, 'session-token');
    let profileRequests = 0;
    onApi('get', '/users/profile', { response: memberProfileSchema }, () => {
      profileRequests += 1;
      return anAdministrator({ firstName: 'Ann' });
    });
    const queryClient = testQueryClient();
    prefetchSession(queryClient);
    renderRoutes([{ path: '/here', element: <Greeting /> }], { at: '/here', queryClient });

    expect(await screen.findByText('Hello Ann')).toBeTruthy();
    expect(profileRequests).toBe(1);
  });

  it('ends a refused session with the reason the server gave, on the sign-in page', async () => {
    localStorage.setItem(storageKeys.token, 'session-token');
    onApi('get', '/users/profile', { response: memberProfileSchema }, () =>
      refusal(403, 'ACCOUNT_DISABLED', errorTexts.ACCOUNT_DISABLED),
    );
    const queryClient = testQueryClient();
    await prefetchSession(queryClient);
    const { location } = renderRoutes(routes, { at: '/dashboard', queryClient });

    expect(await screen.findByText(errorTexts.ACCOUNT_DISABLED, {}, { timeout: 5_000 })).toBeTruthy();
    expect(location().pathname).toBe('/signin');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('asks nothing without a stored session', async () => {
    let profileRequests = 0;
    onApi('get', '/users/profile', { response: memberProfileSchema }, () => {
      profileRequests += 1;
      return anAdministrator();
    });
    await prefetchSession(testQueryClient());
    expect(profileRequests).toBe(0);
  });
});
