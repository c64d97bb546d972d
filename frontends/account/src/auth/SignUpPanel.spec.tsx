import { screen, within } from '@testing-library/react';

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
  where,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
});

async function fillValidForm(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByLabelText('Full name'), "Niamh O'Brien");
  await user.type(screen.getByLabelText('Username'), 'niamh.ob');
  await user.type(screen.getByLabelText('Email'), 'niamh@example.ie');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.type(screen.getByLabelText('Date of birth'), '1995-06-15');
}

const submitButton = () => screen.getByRole('button', { name: 'Create Account' });

describe('Auth page tabs', () => {
  it('opens Sign Up from ?tab=signup and keeps the tab in the URL', async () => {
    const user = setupUser();
    renderRoutes('/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(document.title).toBe('Sign Up | Loadout');

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(where()).toBe('/auth');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    // No provider uid: the Sign In tab starts the OpenID Connect flow.
    expect(screen.getByRole('status', { name: 'Redirecting to sign in' })).toBeInTheDocument();
    expect(mockSession.login).toHaveBeenCalledTimes(1);
  });

  it('switches tabs with the keyboard and keeps the provider uid', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(jsonResponse(200, { uid: 'abc', prompt: 'login' }));
    renderRoutes('/auth?uid=abc');
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    signIn.focus();
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('/auth?uid=abc&tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
  });
});

describe('Sign Up', () => {
  it('keeps the submit inactive until both agreements are ticked, and explains why', async () => {
    const user = setupUser();
    renderRoutes('/auth?tab=signup');
    await fillValidForm(user);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    await user.click(submitButton());
    await expectToast(
      'Agreement Required',
      'You must accept the Terms of Service and Privacy Policy to create an account.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    const terms = screen.getByRole('checkbox', { name: 'I accept the Terms of Service' });
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription(/Tick this box to accept the Terms of Service/);

    await user.click(terms);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('links the Terms of Service and Privacy Policy in a new tab', () => {
    renderRoutes('/auth?tab=signup');
    const terms = screen.getByRole('link', { name: /Read the Terms of Service/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Read the Privacy Policy/ })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('validates fields live and focuses the first invalid one on submit', async () => {
    const user = setupUser();
    renderRoutes('/auth?tab=signup');
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('3–30 letters, numbers, _ or . (no spaces).');
    await user.type(username, 'ab');
    await user.tab();
    expect(username).toHaveAccessibleDescription(/Usernames are 3 to 30 characters long\./);
    await user.type(username, 'c');
    expect(username).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Date of birth'), '2015-01-01');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(submitButton());
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByText('Enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Choose a password.')).toBeInTheDocument();
    expect(screen.getByText('You must be 18 or older to use Loadout.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up and shows the confirmation view with both ways on', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      jsonResponse(201, {
        email: 'niamh@example.ie',
        message:
          'Account created successfully! Please check your email and verify your account before signing in.',
      }),
    );
    renderRoutes('/auth?tab=signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Trader' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(submitButton());

    await expectToast('Check your email', 'We sent you a confirmation link.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/sign-up');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(sentJson(fetchMock)).toEqual({
      fullName: "Niamh O'Brien",
      username: 'niamh.ob',
      email: 'niamh@example.ie',
      password: 'correct horse battery',
      dateOfBirth: '1995-06-15',
      over18: true,
      acceptTerms: true,
      acceptPrivacy: true,
      sellerType: 'trader',
    });

    const view = screen.getByRole('region', { name: 'Account created' });
    expect(
      within(view).getByText(
        'Account created successfully! Please check your email and verify your account before signing in.',
      ),
    ).toBeInTheDocument();
    expect(within(view).getByText('niamh@example.ie')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account created' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Another Account' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Private seller' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }),
    ).not.toBeChecked();
  });

  it('continues to the Sign In tab from the confirmation view', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { email: 'niamh@example.ie', message: '' }));
    renderRoutes('/auth?tab=signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Continue to Sign In' }));
    expect(where()).toBe('/auth');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(mockSession.login).toHaveBeenCalled();
  });

  it('shows the server message and puts a taken username on its field', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      errorResponse(409, 'IDENTITY.USERNAME_TAKEN', 'That username is already taken.'),
    );
    renderRoutes('/auth?tab=signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(submitButton());

    await expectToast('Signup failed', 'That username is already taken.');
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(/That username is already taken\./);
    expect(username).toHaveFocus();
    // Editing the field clears the server's message.
    await user.type(username, 'x');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('maps validation details onto fields', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      errorResponse(400, 'COMMON.VALIDATION_FAILED', 'Email must be an email', [
        { field: 'email', messages: ['email must be an email'] },
      ]),
    );
    renderRoutes('/auth?tab=signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(submitButton());
    await expectToast('Signup failed', 'Email must be an email');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be an email');
  });
});
