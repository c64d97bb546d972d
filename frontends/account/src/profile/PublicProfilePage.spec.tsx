import { screen, within } from '@testing-library/react';
import { type AccountSession } from '../session';
import {
  buildPublicProfile,
  buildSession,
  buildUser,
  errorResponse,
  installFetch,
  jsonResponse,
  renderRoutes,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
});

describe('PublicProfilePage', () => {
  it('shows the public profile', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, buildPublicProfile()));
    renderRoutes('/profile/cork.sniper');
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciarán' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/users/cork.sniper');
    expect(screen.getByText('@cork.sniper')).toBeInTheDocument();
    expect(screen.getByText('Woodland player, mostly bolt-action.')).toBeInTheDocument();
    expect(screen.getByText('Mallow, Co. Cork')).toBeInTheDocument();
    expect(screen.getAllByText('Trader').length).toBeGreaterThan(0);
    expect(screen.getByText('Member since Nov 2024')).toBeInTheDocument();
    const listings = screen.getByRole('region', { name: 'Listings' });
    expect(within(listings).getByText(/Listings arrive with the marketplace/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit your profile' })).toBeNull();
    expect(document.title).toBe('Ciarán (@cork.sniper) | Loadout');
  });

  it('labels private sellers and links owners to their edit page', async () => {
    mockSession = buildSession({
      status: 'signed-in',
      user: buildUser({ username: 'Cork.Sniper' }),
    });
    fetchMock.mockResolvedValue(
      jsonResponse(200, buildPublicProfile({ sellerType: 'private', bio: '', county: null })),
    );
    renderRoutes('/profile/cork.sniper');
    expect(await screen.findAllByText('Private seller')).not.toHaveLength(0);
    expect(screen.getByText('Ciarán has not written a bio yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows the not-found state', async () => {
    fetchMock.mockResolvedValue(errorResponse(404, 'IDENTITY.USER_NOT_FOUND', 'No such user.'));
    renderRoutes('/profile/nobody');
    expect(await screen.findByText('This user could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User not found' })).toBeInTheDocument();
  });
});

describe('SellerPage', () => {
  it('says seller pages arrive with the marketplace', () => {
    renderRoutes('/seller/u_000000000000000002b');
    expect(
      screen.getByRole('heading', { name: 'Seller pages arrive with the marketplace' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
