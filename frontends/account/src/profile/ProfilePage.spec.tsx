import { screen, within } from '@testing-library/react';
import { type AccountSession } from '../use-account-session';
import {
  buildOwnProfile,
  buildSession,
  buildUser,
  errorResponse,
  expectToast,
  installFetch,
  jsonResponse,
  renderRoutes,
  sentJson,
  setupUser,
  where,
  type FetchMock,
} from '../test-utils';
import { profileChanges } from './ProfilePage';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession({ status: 'signed-in', user: buildUser() });
  fetchMock = installFetch();
});

describe('ProfilePage', () => {
  it('sends signed-out visitors to sign in, back to /profile', async () => {
    mockSession = buildSession();
    renderRoutes('/profile');
    expect(
      await screen.findByRole('status', { name: 'Redirecting to sign in' }),
    ).toBeInTheDocument();
    expect(mockSession.beginSignIn).toHaveBeenCalledWith({ redirectTo: '/profile' });
    expect(mockSession.login).toHaveBeenCalledWith({ redirectTo: '/profile' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows signed-out visitors the sign-in form in the page when the provider allows it', async () => {
    mockSession = buildSession({ beginSignIn: jest.fn(() => Promise.resolve('abc')) });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { uid: 'abc', prompt: 'login' }));
    renderRoutes('/profile');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(where()).toBe('/auth?uid=abc');
    expect(mockSession.beginSignIn).toHaveBeenCalledWith({ redirectTo: '/profile' });
    expect(mockSession.login).not.toHaveBeenCalled();
  });

  it('shows the account facts and the edit form', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, buildOwnProfile({ isVerified: false, county: 'Galway' })),
    );
    renderRoutes('/profile');
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Niamh' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/me');
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('niamh@example.ie')).toBeInTheDocument();
    expect(within(account).getByText('Not verified')).toBeInTheDocument();
    expect(within(account).getByText('@niamh.ob')).toBeInTheDocument();
    expect(within(account).getByText('Mar 2025')).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Niamh');
    expect(screen.getByLabelText('County')).toHaveValue('Galway');
    expect(screen.getByRole('radio', { name: 'Private seller' })).toBeChecked();
    // "Not stated" plus the 26 counties.
    expect(within(screen.getByLabelText('County')).getAllByRole('option')).toHaveLength(27);
    expect(document.title).toBe('My Profile | Loadout');
  });

  it('saves the changed fields and toasts "Profile updated"', async () => {
    const user = setupUser();
    const before = buildOwnProfile();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, before)).mockResolvedValueOnce(
      jsonResponse(200, {
        ...before,
        displayName: 'Niamh OB',
        county: 'Cork',
        sellerType: 'trader',
        updatedAt: '2025-04-01T10:00:00Z',
      }),
    );
    renderRoutes('/profile');
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Niamh OB');
    await user.selectOptions(screen.getByLabelText('County'), 'Cork');
    await user.click(screen.getByRole('radio', { name: 'Trader' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await expectToast('Profile updated');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/me');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('PATCH');
    expect(sentJson(fetchMock, 1)).toEqual({
      displayName: 'Niamh OB',
      county: 'Cork',
      sellerType: 'trader',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Niamh OB' })).toBeInTheDocument();
    expect(mockSession.refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Display name')).toHaveValue('Niamh OB');
  });

  it('toasts "Profile update failed" with the reason', async () => {
    const user = setupUser();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, buildOwnProfile()))
      .mockResolvedValueOnce(
        errorResponse(400, 'COMMON.VALIDATION_FAILED', 'Bio is too long', [
          { field: 'bio', messages: ['bio is too long'] },
        ]),
      );
    renderRoutes('/profile');
    await user.type(await screen.findByLabelText('Bio'), 'Woodland player.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await expectToast('Profile update failed', 'Bio is too long');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Bio')).toHaveFocus();
  });

  it('says "No user authenticated" when the update is refused as signed out', async () => {
    const user = setupUser();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, buildOwnProfile()))
      .mockResolvedValueOnce(errorResponse(401, 'AUTH.UNAUTHENTICATED', 'Missing bearer token'));
    renderRoutes('/profile');
    await user.type(await screen.findByLabelText('Location'), 'Salthill');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await expectToast('Profile update failed', 'No user authenticated');
  });

  it('validates the display name', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, buildOwnProfile()));
    renderRoutes('/profile');
    await user.clear(await screen.findByLabelText('Display name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Enter a display name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows "No user authenticated" when the profile cannot be read', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(401, 'AUTH.UNAUTHENTICATED', 'No user authenticated'),
    );
    renderRoutes('/profile');
    expect(
      await screen.findByRole('heading', { name: 'No user authenticated' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });
});

describe('profileChanges', () => {
  const base = {
    displayName: 'Niamh',
    bio: '',
    location: '',
    county: 'Cork',
    sellerType: 'private',
  };

  it('is empty when nothing changed (whitespace aside)', () => {
    expect(profileChanges(base, { ...base, displayName: ' Niamh ' })).toEqual({});
  });

  it('sends a cleared county as null', () => {
    expect(profileChanges(base, { ...base, county: '' })).toEqual({ county: null });
  });
});
