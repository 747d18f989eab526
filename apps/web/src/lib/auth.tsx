import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberProfile } from '@uplink/contract/accounts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { api } from './api-client';
import { adminSettingsStorage, tokenStorage } from './storage';

export const profileQueryKey = ['profile'] as const;

export type AuthStatus = 'resolving' | 'anonymous' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  user: MemberProfile | null;
  /** Stores the session token and loads the profile it belongs to. */
  startSession(token: string): Promise<MemberProfile>;
  /** Forgets the token, every cached query and stored admin data. */
  endSession(): void;
  refreshProfile(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export async function fetchProfile(): Promise<MemberProfile> {
  const { data } = await api.get<MemberProfile>('/users/profile');
  return data;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => tokenStorage.get());

  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    enabled: token !== null,
    retry: false,
    staleTime: 30_000,
  });

  const endSession = useCallback(() => {
    tokenStorage.clear();
    adminSettingsStorage.clear();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  // A stored token the server no longer accepts ends the session (spec: session startup).
  if (token && profile.isError) {
    queueMicrotask(endSession);
  }

  const startSession = useCallback(
    async (newToken: string) => {
      tokenStorage.set(newToken);
      const user = await queryClient.fetchQuery({ queryKey: profileQueryKey, queryFn: fetchProfile, staleTime: 0 });
      setToken(newToken);
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
    return { status, user, startSession, endSession, refreshProfile };
  }, [token, profile.data, startSession, endSession, refreshProfile]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** A member may use the member area once the subscription is paid and an exchange UID is linked. */
export function hasCompletedOnboarding(user: MemberProfile): boolean {
  return user.subscriptionFee.paid && Boolean(user.bingXUID);
}
