import { ApiError, apiFetch, apiUrl, setAccessTokenProvider } from './api-client';

interface FakeResponseInit {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
}

function fakeResponse({ status = 200, body = '', headers = {} }: FakeResponseInit): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(body),
  } as unknown as Response;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setAccessTokenProvider(null);
});

describe('apiUrl', () => {
  it('keeps /api paths and prefixes others with /api/v1', () => {
    expect(apiUrl('/api/v1/fields/stats')).toBe('/api/v1/fields/stats');
    expect(apiUrl('fields')).toBe('/api/v1/fields');
    expect(apiUrl('/fields/abc')).toBe('/api/v1/fields/abc');
  });

  it('adds query parameters, skipping empty ones', () => {
    expect(apiUrl('fields', { county: 'Dublin', gameType: '', cursor: null, limit: 20 })).toBe(
      '/api/v1/fields?county=Dublin&limit=20',
    );
  });
});

describe('apiFetch', () => {
  it('returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: '{"count":12}' }));
    await expect(apiFetch<{ count: number }>('/api/v1/fields/stats')).resolves.toEqual({
      count: 12,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/fields/stats');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 201, body: '{"id":"x"}' }));
    await apiFetch('bug-reports', { method: 'POST', json: { description: 'Broken' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe('{"description":"Broken"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('returns undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 204 }));
    await expect(apiFetch('favorites/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the error body', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({
        status: 404,
        body: JSON.stringify({
          code: 'FIELDS.NOT_FOUND',
          message: 'Field not found',
          requestId: 'req-1',
          details: { id: 'f1' },
        }),
      }),
    );
    const error = await apiFetch('fields/f1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'FIELDS.NOT_FOUND',
      message: 'Field not found',
      requestId: 'req-1',
      details: { id: 'f1' },
    });
  });

  it('falls back to the x-request-id header when the body has no requestId', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({
        status: 409,
        body: '{"code":"X","message":"Conflict"}',
        headers: { 'X-Request-Id': 'hdr-9' },
      }),
    );
    await expect(apiFetch('orders', { method: 'POST' })).rejects.toMatchObject({
      requestId: 'hdr-9',
    });
  });

  it('throws a readable ApiError for a non-JSON error page', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({
        status: 502,
        body: '<html>Bad gateway</html>',
        headers: { 'x-request-id': 'r2' },
      }),
    );
    await expect(apiFetch('fields')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP.502',
      requestId: 'r2',
    });
  });

  it('throws for a successful answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: '<html></html>' }));
    await expect(apiFetch('fields')).rejects.toMatchObject({ code: 'HTTP.INVALID_JSON' });
  });

  it('turns a network failure into NETWORK.UNREACHABLE with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('fields')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK.UNREACHABLE',
    });
  });

  it('lets an abort through unchanged', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiFetch('fields')).rejects.toBe(abort);
  });

  it('attaches the bearer token from the registered provider', async () => {
    setAccessTokenProvider(() => Promise.resolve('tok-123'));
    fetchMock.mockResolvedValue(fakeResponse({ body: '{}' }));
    await apiFetch('me');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-123');
  });
});
