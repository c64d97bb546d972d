import { StrictMode } from 'react';
import { screen, within } from '@testing-library/react';
import { navigateTo } from '../browser';
import { type AccountSession } from '../use-account-session';
import {
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

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));
jest.mock('../browser', () => ({
  ...jest.requireActual<typeof import('../browser')>('../browser'),
  navigateTo: jest.fn(),
}));

const UNVERIFIED =
  'Please verify your email address before signing in. Check your inbox for a verification email.';

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
  jest.mocked(navigateTo).mockReset();
  sessionStorage.clear();
});

/** GET /auth/interaction/abc answers "alive"; later calls answer `rest` in order. */
function interactionThen(...rest: Response[]) {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { uid: 'abc', prompt: 'login' }));
  for (const response of rest) fetchMock.mockResolvedValueOnce(response);
}

async function signIn(user: ReturnType<typeof setupUser>, email = 'niamh@example.ie') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign In without a provider uid', () => {
  it('starts the sign-in in the page: the provider’s uid shows the form without leaving', async () => {
    mockSession = buildSession({ beginSignIn: jest.fn(() => Promise.resolve('abc')) });
    interactionThen();
    renderRoutes('/auth');
    expect(screen.getByRole('status', { name: 'Loading sign in' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(where()).toBe('/auth?uid=abc');
    expect(mockSession.beginSignIn).toHaveBeenCalledWith(undefined);
    expect(fetchMock.mock.calls[0]![0]).toBe('/auth/interaction/abc');
    expect(mockSession.login).not.toHaveBeenCalled();
    expect(document.title).toBe('Sign In | Loadout');
  });

  it('starts the in-page sign-in once under StrictMode’s double effects', async () => {
    mockSession = buildSession({ beginSignIn: jest.fn(() => Promise.resolve('abc')) });
    interactionThen();
    renderRoutes('/auth', StrictMode);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(mockSession.beginSignIn).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/auth?uid=abc');
  });

  it('goes to the provider, with a spinner, when the sign-in cannot start in the page', async () => {
    renderRoutes('/auth');
    expect(screen.getByRole('status', { name: 'Loading sign in' })).toBeInTheDocument();
    expect(
      await screen.findByRole('status', { name: 'Redirecting to sign in' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Redirecting to sign in…')).toBeInTheDocument();
    expect(mockSession.beginSignIn).toHaveBeenCalledTimes(1);
    expect(mockSession.login).toHaveBeenCalledTimes(1);
    expect(mockSession.login).toHaveBeenCalledWith(undefined);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(where()).toBe('/auth');
  });

  it('waits while the session is loading', () => {
    mockSession = buildSession({ status: 'loading' });
    renderRoutes('/auth');
    expect(screen.getByRole('status', { name: 'Loading sign in' })).toBeInTheDocument();
    expect(mockSession.beginSignIn).not.toHaveBeenCalled();
    expect(mockSession.login).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor home', () => {
    mockSession = buildSession({ status: 'signed-in', user: buildUser() });
    renderRoutes('/auth');
    expect(where()).toBe('/');
    expect(mockSession.login).not.toHaveBeenCalled();
  });

  it('offers a retry when sign-in cannot start', async () => {
    const user = setupUser();
    mockSession = buildSession({
      login: jest.fn(() => Promise.reject(new Error('The sign-in service is unavailable.'))),
    });
    renderRoutes('/auth');
    expect(await screen.findByText('The sign-in service is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mockSession.login).toHaveBeenCalledTimes(2);
  });
});

describe('Sign In with a provider uid', () => {
  it('posts the credentials to the interaction and follows redirectTo', async () => {
    const user = setupUser();
    interactionThen(jsonResponse(200, { redirectTo: 'http://localhost:8080/oidc/auth/abc' }));
    renderRoutes('/auth?uid=abc');
    expect(screen.getByRole('status', { name: 'Loading sign in' })).toBeInTheDocument();
    await signIn(user);

    expect(fetchMock.mock.calls[0]![0]).toBe('/auth/interaction/abc');
    expect(fetchMock.mock.calls[1]![0]).toBe('/auth/interaction/abc/login');
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sentJson(fetchMock, 1)).toEqual({
      email: 'niamh@example.ie',
      password: 'correct horse battery',
    });
    expect(navigateTo).toHaveBeenCalledWith('http://localhost:8080/oidc/auth/abc');
    expect(sessionStorage.getItem('loadout_signed_in')).toBe('1');
    expect(mockSession.login).not.toHaveBeenCalled();
  });

  it('links to the forgotten password page', async () => {
    interactionThen();
    renderRoutes('/auth?uid=abc');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('requires both fields and focuses the first empty one', async () => {
    const user = setupUser();
    interactionThen();
    renderRoutes('/auth?uid=abc');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('toasts "Sign In Failed" with the server message', async () => {
    const user = setupUser();
    interactionThen(
      errorResponse(401, 'IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password.'),
    );
    renderRoutes('/auth?uid=abc');
    await signIn(user);
    await expectToast('Sign In Failed', 'Invalid email or password.');
    expect(navigateTo).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('loadout_signed_in')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('falls back to "Sign in failed" when the server gives no message', async () => {
    const user = setupUser();
    interactionThen({
      ok: false,
      status: 502,
      headers: { get: () => null },
      text: () => Promise.resolve('<html>Bad gateway</html>'),
    } as unknown as Response);
    renderRoutes('/auth?uid=abc');
    await signIn(user);
    await expectToast('Sign In Failed', 'Sign in failed');
  });

  it('restarts the flow when the interaction expired', async () => {
    fetchMock.mockResolvedValueOnce(
      errorResponse(404, 'IDENTITY.INTERACTION_EXPIRED', 'This sign-in has expired.'),
    );
    renderRoutes('/auth?uid=old');
    expect(
      await screen.findByText('Your sign-in session expired. Taking you back to sign in…'),
    ).toBeInTheDocument();
    expect(mockSession.login).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});

describe('Unverified email', () => {
  async function signInUnverified(...resend: Response[]) {
    const user = setupUser();
    interactionThen(errorResponse(403, 'IDENTITY.EMAIL_NOT_VERIFIED', UNVERIFIED), ...resend);
    renderRoutes('/auth?uid=abc');
    await signIn(user);
    await expectToast('Sign In Failed', UNVERIFIED);
    const notice = screen.getByRole('region', { name: 'Verify your email address' });
    expect(within(notice).getByText(UNVERIFIED)).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Resend verification email' }));
    return notice;
  }

  it('resends the verification email with the typed credentials', async () => {
    const notice = await signInUnverified(jsonResponse(200, { message: 'sent' }));
    expect(
      await within(notice).findByText('Verification email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/v1/auth/resend-verification');
    expect(fetchMock.mock.calls[2]![1]?.method).toBe('POST');
    expect(sentJson(fetchMock, 2)).toEqual({
      email: 'niamh@example.ie',
      password: 'correct horse battery',
    });
  });

  it('says so when the email is already verified', async () => {
    const notice = await signInUnverified(
      errorResponse(409, 'IDENTITY.ALREADY_VERIFIED', 'Email is already verified.'),
    );
    expect(
      await within(notice).findByText('Email is already verified. You can sign in normally.'),
    ).toBeInTheDocument();
  });

  it('reports a failed resend', async () => {
    const notice = await signInUnverified(
      errorResponse(429, 'IDENTITY.TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.'),
    );
    expect(
      await within(notice).findByText('Failed to send verification email'),
    ).toBeInTheDocument();
    expect(within(notice).getByText('Too many attempts. Try again later.')).toBeInTheDocument();
  });
});
