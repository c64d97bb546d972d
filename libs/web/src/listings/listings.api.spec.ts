import { jsonResponse } from '../testing/responses';
import { fetchListing } from './listings.api';

const listing = { id: 'l1', title: 'Tokyo Marui M4' };

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  delete window.__loadoutPrefetch;
});

describe('fetchListing and the boot script’s early request', () => {
  it('uses the early response once, then asks the API', async () => {
    window.__loadoutPrefetch = { '/api/v1/listings/l1': Promise.resolve(listing) };
    await expect(fetchListing('l1')).resolves.toEqual(listing);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...listing, title: 'fresh' }));
    await expect(fetchListing('l1')).resolves.toMatchObject({ title: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the API when the early request failed, and gets its error', async () => {
    window.__loadoutPrefetch = { '/api/v1/listings/l1': Promise.resolve(null) };
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, {
        code: 'LISTINGS.NOT_FOUND',
        message: 'Listing not found.',
        requestId: 'r',
      }),
    );
    await expect(fetchListing('l1')).rejects.toMatchObject({ code: 'LISTINGS.NOT_FOUND' });
  });

  it('ignores an early request for another listing', async () => {
    window.__loadoutPrefetch = { '/api/v1/listings/other': Promise.resolve(listing) };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...listing, id: 'l2' }));
    await expect(fetchListing('l2')).resolves.toMatchObject({ id: 'l2' });
    expect(window.__loadoutPrefetch['/api/v1/listings/other']).toBeDefined();
  });
});
