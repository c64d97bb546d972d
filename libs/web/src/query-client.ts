import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Seed §9 data-query settings. */
export const QUERY_SETTINGS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  maxRetries: 3,
  mutationRetries: 1,
} as const;

/** Client errors are not retried, except 408 (timeout) and 429 (rate limited). */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  if (status >= 400 && status <= 499) return status === 408 || status === 429;
  return true;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_SETTINGS.maxRetries && isRetryableError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_SETTINGS.staleTime,
        gcTime: QUERY_SETTINGS.gcTime,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        refetchOnMount: 'always',
      },
      mutations: { retry: QUERY_SETTINGS.mutationRetries },
    },
  });
}
