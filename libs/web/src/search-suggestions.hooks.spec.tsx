import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import {
  SUGGESTION_DEBOUNCE_MS,
  fetchSearchSuggestions,
  suggestionPath,
} from './search-suggestions.api';
import { useSearchSuggestions } from './search-suggestions.hooks';

const HICAPA = { kind: 'model', label: 'Hi-Capa', search: 'Hi-Capa', category: null } as const;

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const answer = (items: unknown[]) =>
  Promise.resolve({
    ok: true,
    status: 200,
    headers: { get: () => null },
    text: () => Promise.resolve(JSON.stringify({ items })),
  } as unknown as Response);

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('fetchSearchSuggestions', () => {
  it('asks the listings API for the typed text', async () => {
    fetchMock.mockReturnValue(answer([HICAPA]));
    await expect(fetchSearchSuggestions('hi ca')).resolves.toEqual({ items: [HICAPA] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/listings/suggestions?q=hi+ca');
  });
});

describe('suggestionPath', () => {
  it('searches for models and brands, browses categories', () => {
    expect(suggestionPath(HICAPA)).toBe('/marketplace?search=Hi-Capa');
    expect(suggestionPath({ kind: 'brand', label: 'G&G', search: 'G&G', category: null })).toBe(
      '/marketplace?search=G%26G',
    );
    expect(
      suggestionPath({ kind: 'category', label: 'Pistols', search: null, category: 'pistols' }),
    ).toBe('/marketplace?category=pistols');
  });
});

describe('useSearchSuggestions', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {children}
    </QueryClientProvider>
  );

  it('asks once typing pauses, and nothing when disabled or blank', async () => {
    fetchMock.mockImplementation(() => answer([HICAPA]));
    const { result, rerender } = renderHook(
      ({ text, enabled }: { text: string; enabled: boolean }) =>
        useSearchSuggestions(text, enabled),
      { wrapper, initialProps: { text: '', enabled: true } },
    );
    rerender({ text: 'h', enabled: true });
    rerender({ text: 'hi', enabled: true });
    rerender({ text: 'hic', enabled: true });
    await waitFor(() => expect(result.current.items).toEqual([HICAPA]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toContain('q=hic');
    rerender({ text: 'hic', enabled: false });
    expect(result.current.items).toEqual([]);
    rerender({ text: '  ', enabled: true });
    await act(() => new Promise((r) => setTimeout(r, SUGGESTION_DEBOUNCE_MS + 50)));
    expect(result.current.items).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
