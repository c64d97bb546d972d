import { screen } from '@testing-library/react';
import { type AccountSession } from '../use-account-session';
import { buildSession, installFetch, renderRoutes, testAuthConfig } from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

const KEYCLOAK = {
  mode: 'keycloak' as const,
  url: 'https://sso.loadout.ie/',
  realm: 'loadout',
  clientId: 'loadout-web',
};

describe('account pages in Keycloak mode', () => {
  const embedded = testAuthConfig.current;

  beforeEach(() => {
    mockSession = buildSession();
    installFetch();
    testAuthConfig.current = KEYCLOAK;
  });

  afterEach(() => {
    testAuthConfig.current = embedded;
  });

  it.each(['/auth/forgot-password', '/auth/reset-password?token=abc'])(
    '%s links to Keycloak’s reset-credentials flow instead of identity’s routes',
    async (path) => {
      renderRoutes(path);
      const link = await screen.findByRole('link', { name: 'Continue to password reset' });
      expect(link).toHaveAttribute(
        'href',
        'https://sso.loadout.ie/realms/loadout/login-actions/reset-credentials?client_id=loadout-web',
      );
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    },
  );

  it('sign-up opens Keycloak’s registration page (keycloak.register())', async () => {
    const login = jest.fn(() => Promise.resolve());
    mockSession = buildSession({ status: 'signed-out', user: null, login });
    renderRoutes('/auth?tab=signup');
    expect(
      await screen.findByRole('status', { name: 'Redirecting to sign up' }),
    ).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ register: true });
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});
