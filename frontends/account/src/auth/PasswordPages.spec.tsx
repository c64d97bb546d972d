import { screen } from '@testing-library/react';
import { type AccountSession } from '../use-account-session';
import {
  buildSession,
  errorResponse,
  expectToast,
  installFetch,
  jsonResponse,
  renderRoutes,
  sentJson,
  setupUser,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
});

describe('ForgotPasswordPage', () => {
  it('always answers with the same neutral text', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(jsonResponse(202, {}));
    renderRoutes('/auth/forgot-password');
    expect(document.title).toBe('Forgot password | Loadout');
    await user.type(screen.getByLabelText('Email'), 'someone@example.ie');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for that email, we sent a link to reset your password.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/password-reset');
    expect(sentJson(fetchMock)).toEqual({ email: 'someone@example.ie' });
  });

  it('checks the email before calling', async () => {
    const user = setupUser();
    renderRoutes('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(
      screen.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toasts "Password reset failed" when the call fails', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      errorResponse(429, 'IDENTITY.TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.'),
    );
    renderRoutes('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'someone@example.ie');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectToast('Password reset failed', 'Too many attempts. Try again later.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('ResetPasswordPage', () => {
  async function choose(password: string, confirmation = password) {
    const user = setupUser();
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sets the new password and links to sign in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    renderRoutes('/auth/reset-password?token=reset-1');
    await choose('a much better passphrase');
    expect(
      await screen.findByText(
        'Your password has been changed. You can sign in with your new password now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/password-reset/confirm');
    expect(sentJson(fetchMock)).toEqual({ token: 'reset-1', password: 'a much better passphrase' });
  });

  it('checks length and the confirmation before calling', async () => {
    renderRoutes('/auth/reset-password?token=reset-1');
    await choose('short', 'shorter');
    expect(screen.getByText('Use at least 10 characters (5 so far).')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a weak password answer on the field', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(400, 'IDENTITY.WEAK_PASSWORD', 'This password is too common.'),
    );
    renderRoutes('/auth/reset-password?token=reset-1');
    await choose('password123');
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains an expired link and offers a new one', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(400, 'IDENTITY.TOKEN_INVALID', 'This link has expired or was already used.'),
    );
    renderRoutes('/auth/reset-password?token=old');
    await choose('a much better passphrase');
    expect(
      await screen.findByText('This link has expired or was already used.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('toasts other failures', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderRoutes('/auth/reset-password?token=reset-1');
    await choose('a much better passphrase');
    await expectToast(
      'Password reset failed',
      'Could not reach Loadout. Check your connection and try again.',
    );
  });
});
