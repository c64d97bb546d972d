import { screen, within } from '@testing-library/react';
import {
  SELLER_USER,
  buildListing,
  buildSeller,
  buildSummary,
  calledUrls,
  mockApi,
  page,
  renderRoutes,
} from '../test-utils';

describe('SellerPage', () => {
  it("shows the seller (from a listing's detail) and their active listings", async () => {
    const first = buildSummary({ id: 'l1', title: 'Sniper rifle' });
    const fetchMock = mockApi({
      '/api/v1/listings': page([first, buildSummary({ title: 'Ghillie suit' })], null, 2),
      '/api/v1/listings/l1': buildListing({
        id: 'l1',
        seller: buildSeller({ displayName: 'Ciarán', sellerType: 'trader', county: 'Cork' }),
      }),
    });
    renderRoutes(`/seller/${SELLER_USER.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ciarán' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Seller: Ciarán' });
    expect(within(card).getByText('Trader')).toBeInTheDocument();
    expect(within(card).getByText('Member since Nov 2024')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /listings/ })).toBeNull();
    expect(screen.getByText('2 listings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ghillie suit' })).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual([
      `/api/v1/listings?sellerId=${SELLER_USER.id}&sort=newest&limit=24`,
      '/api/v1/listings/l1',
    ]);
    expect(document.title).toBe("Ciarán's listings | Loadout");
  });

  it('shows a neutral header when the seller has no listings', async () => {
    const fetchMock = mockApi({ '/api/v1/listings': page([]) });
    renderRoutes('/seller/nobody');
    expect(await screen.findByRole('heading', { name: 'No active listings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Seller' })).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual([
      '/api/v1/listings?sellerId=nobody&sort=newest&limit=24',
    ]);
  });
});
