import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error';
import { AuthProvider } from '../lib/auth';
import { QueryClient, QueryClientProvider } from '../lib/query';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's query cache: a failed load is tried twice more, unless the server refused it (4xx). */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
