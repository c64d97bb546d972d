import { ApiError } from './api-client';
import { QUERY_SETTINGS, createQueryClient, shouldRetryQuery } from './query-client';

const apiError = (status: number) =>
  new ApiError(status, { code: `HTTP.${status}`, message: 'x', requestId: 'r' });

describe('shouldRetryQuery', () => {
  it('retries server and network errors up to 3 times', () => {
    for (const error of [apiError(500), apiError(503), apiError(0), new Error('boom')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('does not retry client errors', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 499]) {
      expect(shouldRetryQuery(0, apiError(status))).toBe(false);
    }
  });

  it('retries 408 and 429', () => {
    expect(shouldRetryQuery(0, apiError(408))).toBe(true);
    expect(shouldRetryQuery(1, apiError(429))).toBe(true);
  });
});

describe('createQueryClient', () => {
  it('uses the seed settings', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(10 * 60 * 1000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnMount).toBe('always');
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(mutations?.retry).toBe(QUERY_SETTINGS.mutationRetries);
    expect(mutations?.retry).toBe(1);
  });
});
