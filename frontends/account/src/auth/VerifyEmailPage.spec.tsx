import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { type AccountSession } from '../use-account-session';
import {
  buildSession,
  errorResponse,
  installFetch,
  jsonResponse,
  renderRoutes,
  sentJson,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
});

describe('VerifyEmailPage', () => {
  it('verifies the token once and offers to sign in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { email: 'niamh@example.ie' }));
    renderRoutes('/auth/verify-email?token=tok-123', StrictMode);
    expect(screen.getByRole('status', { name: 'Verifying your email' })).toBeInTheDocument();

    expect(
      await screen.findByText('Your email is verified. You can sign in now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Email verified' })).toHaveFocus();
    expect(screen.getByText('niamh@example.ie')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/verify-email');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(sentJson(fetchMock)).toEqual({ token: 'tok-123' });
    expect(document.title).toBe('Verify your email | Loadout');
  });

  it("shows the server's message and a way to a new email", async () => {
    fetchMock.mockResolvedValue(
      errorResponse(400, 'IDENTITY.TOKEN_INVALID', 'This link has expired or was already used.'),
    );
    renderRoutes('/auth/verify-email?token=old');
    expect(
      await screen.findByText('This link has expired or was already used.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Email not verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new verification email' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains a link without a token and calls nothing', () => {
    renderRoutes('/auth/verify-email');
    expect(
      screen.getByText('This verification link is incomplete. Open the link from the email again.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
