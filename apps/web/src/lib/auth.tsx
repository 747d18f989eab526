import type { MemberProfile } from '@uplink/contract/accounts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, onSessionRejected } from './api-client';
import { type QueryClient, useQuery, useQueryClient } from './query';
import { adminSettingsStorage, tokenStorage } from './storage';

export const profileQueryKey = ['profile'] as const;

export type AuthStatus = 'resolving' | 'anonymous' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  user: MemberProfile | null;
  /**
   * Checks the token against the profile it belongs to and keeps it only for a verified e-mail
   * address; otherwise throws `EmailNotVerifiedError` and stores nothing.
   */
  startSession(token: string, options?: { remember: boolean }): Promise<MemberProfile>;
  /** Forgets the token, every cached query and stored admin data. */
  endSession(): void;
  refreshProfile(): Promise<void>;
  /**
   * Why the server ended the last session (expired, account locked or disabled), as the sign-in
   * screen shows it; null after a sign-out or once dismissed.
   */
  sessionNotice: string | null;
  dismissSessionNotice(): void;
}

/** Sign-in refused: the profile behind the token has not verified its e-mail address yet. */
export class EmailNotVerifiedError extends Error {
  override name = 'EmailNotVerifiedError';
  constructor(readonly user: MemberProfile) {
    super('Email address not verified');
  }
}

const AuthContext = createContext<AuthState | null>(null);

export async function fetchProfile(token?: string): Promise<MemberProfile> {
  const { data } = await api.get<MemberProfile>('/users/profile', { token });
  return data;
}

/** The signed-in profile, as the session loads it: a refusal ends the session, it is not retried. */
const sessionProfile = { queryKey: profileQueryKey, queryFn: () => fetchProfile(), retry: false } as const;

/**
 * Starts loading the stored session's profile at once, beside the code of the first page, instead
 * of after it: every member and admin page waits for the profile before its first paint. Settles
 * once the profile has loaded or been refused.
 */
export function prefetchSession(queryClient: QueryClient): Promise<void> {
  return tokenStorage.get() === null ? Promise.resolve() : queryClient.prefetchQuery(sessionProfile);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => tokenStorage.get());
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);

  const profile = useQuery({ ...sessionProfile, enabled: token !== null, staleTime: 30_000 });

  const endSession = useCallback(() => {
    tokenStorage.clear();
    adminSettingsStorage.clear();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(
    () =>
      onSessionRejected((_reason, notice) => {
        endSession();
        setSessionNotice(notice);
      }),
    [endSession],
  );
  const dismissSessionNotice = useCallback(() => setSessionNotice(null), []);

  // A stored token whose profile cannot be loaded ends the session at startup. A
  // later reload that fails (a poll during a network blip) keeps the profile it has: a token the
  // server refuses ends the session through onSessionRejected instead.
  const profileFailed = token !== null && profile.isError && profile.data === undefined;
  useEffect(() => {
    if (profileFailed) endSession();
  }, [profileFailed, endSession]);

  const startSession = useCallback(
    async (newToken: string, options = { remember: true }) => {
      const user = await fetchProfile(newToken);
      if (!user.isEmailVerified) throw new EmailNotVerifiedError(user);
      tokenStorage.set(newToken, options);
      queryClient.setQueryData(profileQueryKey, user);
      setToken(newToken);
      setSessionNotice(null);
      return user;
    },
    [queryClient],
  );

  const refreshProfile = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = token ? (profile.data ?? null) : null;
    const status: AuthStatus = !token ? 'anonymous' : user ? 'authenticated' : 'resolving';
    return { status, user, startSession, endSession, refreshProfile, sessionNotice, dismissSessionNotice };
  }, [token, profile.data, startSession, endSession, refreshProfile, sessionNotice, dismissSessionNotice]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Reloads the signed-in profile every `intervalMs` while the calling screen is shown and
 * `enabled`: for a screen waiting on something the server does by itself (the background scan
 * crediting a payment).
 */
export function useProfilePolling(intervalMs: number, enabled: boolean): void {
  const { status } = useAuth();
  useQuery({ ...sessionProfile, enabled: enabled && status === 'authenticated', refetchInterval: intervalMs });
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/**
 * A member may use the member area while the subscription is paid (its period running) and an
 * exchange UID is linked; the server's "onboarding completed" is the one-time fact of both.
 */
export function hasMemberAccess(user: MemberProfile): boolean {
  return user.subscriptionFee.paid && Boolean(user.bingXUID);
}

/** Where a signed-in user belongs by role. */
export function homePathFor(user: { isAdmin: boolean }): string {
  return user.isAdmin ? '/admin/dashboard' : '/dashboard';
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The page a guard sent to sign-in, as kept in `location.state.from`. */
interface RememberedOrigin {
  pathname: string;
  search?: string;
  hash?: string;
}

function isRememberedOrigin(value: unknown): value is RememberedOrigin {
  return typeof value === 'object' && value !== null && typeof (value as RememberedOrigin).pathname === 'string';
}

/** The page a guard remembered in the navigation state it sent to sign-in with (`{ from: location }`). */
export function originRememberedIn(state: unknown): unknown {
  return typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
}

/** The navigation state of the page a user arrives at right after signing in. */
export const arrivalAfterSignIn = { signedIn: true } as const;

export function arrivedFromSignIn(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedIn' in state;
}

/**
 * Where a user goes after signing in: back to the page a guard remembered when the user's role
 * may open it (admins the admin area, members everything else), otherwise the home of the role.
 */
export function destinationAfterSignIn(user: { isAdmin: boolean }, from: unknown): string {
  if (!isRememberedOrigin(from) || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return homePathFor(user);
  }
  if (from.pathname === '/signin' || from.pathname === '/register') return homePathFor(user);
  if (isAdminPath(from.pathname) !== user.isAdmin) return homePathFor(user);
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
