import { apiFetch, setAccessTokenProvider } from './api-client';
import { type AuthClaims, type AuthClient, type AuthInitResult } from './auth-client';
import { SIGNED_IN_FLAG_KEY } from './session';
import {
  type MeProfile,
  END_SERVER_SESSION_TIMEOUT_MS,
  REDIRECT_AFTER_SIGN_IN_KEY,
  createSessionController,
  isSafeRedirect,
} from './session-controller';

const CLAIMS: AuthClaims = {
  id: 'V1StGXR8_Z5jdHi6B-myT',
  email: 'niamh@example.ie',
  username: 'niamh',
  displayName: 'Niamh from token',
};

const PROFILE: MeProfile = {
  id: CLAIMS.id,
  email: CLAIMS.email,
  username: 'niamh',
  displayName: 'Niamh Byrne',
  role: 'user',
};

interface Fake extends AuthClient {
  loseSession(): void;
  init: jest.Mock<Promise<AuthInitResult>, []>;
  login: jest.Mock<Promise<void>, [{ redirectUri: string }]>;
  logout: jest.Mock<Promise<void>, [{ redirectUri: string }]>;
  getToken: jest.Mock<Promise<string | null>, [number]>;
  clear: jest.Mock<void, []>;
}

function fakeAuthClient(init: () => Promise<AuthInitResult>): Fake {
  const lost = new Set<() => void>();
  return {
    init: jest.fn(init),
    login: jest.fn((_options: { redirectUri: string }) => Promise.resolve()),
    logout: jest.fn((_options: { redirectUri: string }) => Promise.resolve()),
    getToken: jest.fn((_minValidity: number) => Promise.resolve<string | null>('access-token')),
    clear: jest.fn(),
    onSessionLost(listener) {
      lost.add(listener);
      return () => lost.delete(listener);
    },
    loseSession() {
      for (const listener of lost) listener();
    },
  };
}

const signedIn =
  (returnedFromProvider = false) =>
  () =>
    Promise.resolve({ claims: CLAIMS, returnedFromProvider });
const signedOut = () => Promise.resolve({ claims: null, returnedFromProvider: false });

function setup(auth: Fake, extra: Partial<Parameters<typeof createSessionController>[0]> = {}) {
  const onSignOut = jest.fn();
  const navigate = jest.fn();
  const onWelcome = jest.fn();
  const fetchProfile = jest.fn((_token: string) => Promise.resolve(PROFILE));
  const endServerSession = jest.fn((_token: string) => Promise.resolve());
  const controller = createSessionController({
    authClient: auth,
    fetchProfile,
    endServerSession,
    onSignOut,
    navigate,
    onWelcome,
    origin: 'https://loadout.test',
    ...extra,
  });
  return { controller, onSignOut, navigate, onWelcome, fetchProfile, endServerSession };
}

beforeEach(() => {
  sessionStorage.clear();
  setAccessTokenProvider(null);
});

describe('session controller', () => {
  it('starts loading, then signs in with the profile and non-admin roles', async () => {
    const auth = fakeAuthClient(signedIn());
    const { controller, fetchProfile } = setup(auth);
    expect(controller.getSnapshot().status).toBe('loading');
    await controller.start();
    const session = controller.getSnapshot();
    expect(session).toMatchObject({
      status: 'signed-in',
      isAdmin: false,
      user: {
        id: CLAIMS.id,
        email: CLAIMS.email,
        username: 'niamh',
        displayName: 'Niamh Byrne',
        roles: ['user'],
      },
    });
    expect(fetchProfile).toHaveBeenCalledWith('access-token');
    expect(auth.init).toHaveBeenCalledTimes(1);
    await controller.start();
    expect(auth.init).toHaveBeenCalledTimes(1);
  });

  it('is admin only when the profile role is admin', async () => {
    const { controller } = setup(fakeAuthClient(signedIn()), {
      fetchProfile: () => Promise.resolve({ ...PROFILE, role: 'admin' }),
    });
    await controller.start();
    expect(controller.getSnapshot()).toMatchObject({
      isAdmin: true,
      user: { roles: ['user', 'admin'] },
    });
  });

  it('is signed in without admin, named from the token, when the profile cannot be read', async () => {
    const { controller } = setup(fakeAuthClient(signedIn()), {
      fetchProfile: () => Promise.reject(new Error('503')),
    });
    await controller.start();
    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-in',
      isAdmin: false,
      user: { displayName: 'Niamh from token', roles: ['user'] },
    });
  });

  it('runs signed out when nobody is signed in or the provider fails', async () => {
    const out = setup(fakeAuthClient(signedOut));
    await out.controller.start();
    expect(out.controller.getSnapshot()).toMatchObject({ status: 'signed-out', user: null });

    const down = setup(fakeAuthClient(() => Promise.reject(new Error('identity down'))));
    await down.controller.start();
    expect(down.controller.getSnapshot().status).toBe('signed-out');
    await expect(down.controller.getSnapshot().getToken()).resolves.toBeNull();
  });

  it('runs signed out after the start-up timeout and signs in if the provider answers late', async () => {
    jest.useFakeTimers();
    try {
      let answer!: (result: AuthInitResult) => void;
      const auth = fakeAuthClient(() => new Promise((resolve) => (answer = resolve)));
      const { controller } = setup(auth, { initTimeoutMs: 1000 });
      const started = controller.start();
      await jest.advanceTimersByTimeAsync(1000);
      expect(controller.getSnapshot().status).toBe('signed-out');
      answer({ claims: CLAIMS, returnedFromProvider: false });
      await started;
      expect(controller.getSnapshot().status).toBe('signed-in');
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives apiFetch a fresh token (updateToken(30)) once start-up has settled', async () => {
    const auth = fakeAuthClient(signedIn());
    const { controller } = setup(auth);
    const fetchMock = jest.fn(() =>
      Promise.resolve({
        ok: true,
        status: 200,
        headers: { get: () => null },
        text: () => Promise.resolve('{"ok":true}'),
      } as unknown as Response),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const started = controller.start();
    // Called while start-up is still running: waits for it, then sends the token.
    await apiFetch('fields/stats');
    await started;
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
      .headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer access-token');
    expect(auth.getToken).toHaveBeenCalledWith(30);
  });

  it('answers a public read at once, without a token, while the session starts; then asks the shell to read again', async () => {
    let finishInit!: (result: AuthInitResult) => void;
    const auth = fakeAuthClient(
      () => new Promise<AuthInitResult>((resolve) => (finishInit = resolve)),
    );
    const onSignedInAfterPublicReads = jest.fn();
    const { controller } = setup(auth, { onSignedInAfterPublicReads });
    const fetchMock = jest.fn((_url: string, _init: RequestInit) =>
      Promise.resolve({
        ok: true,
        status: 200,
        headers: { get: () => null },
        text: () => Promise.resolve('{"ok":true}'),
      } as unknown as Response),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const authOf = (call: number) =>
      (fetchMock.mock.calls[call]![1].headers as Headers).get('authorization');
    const started = controller.start();

    // The session is still starting: the public read goes out now, a private one waits.
    await apiFetch('listings/featured', { publicRead: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authOf(0)).toBeNull();
    const privateRead = apiFetch('orders');
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSignedInAfterPublicReads).not.toHaveBeenCalled();

    finishInit({ claims: CLAIMS, returnedFromProvider: false });
    await started;
    await privateRead;
    expect(authOf(1)).toBe('Bearer access-token');
    expect(controller.getSnapshot().status).toBe('signed-in');
    expect(onSignedInAfterPublicReads).toHaveBeenCalledTimes(1);
    // Once the session is known, a public read carries the token like any other.
    await apiFetch('listings/featured', { publicRead: true });
    expect(authOf(2)).toBe('Bearer access-token');
  });

  it('does not ask to read again when nothing was read without the session', async () => {
    const onSignedInAfterPublicReads = jest.fn();
    const { controller } = setup(fakeAuthClient(signedIn()), { onSignedInAfterPublicReads });
    await controller.start();
    expect(onSignedInAfterPublicReads).not.toHaveBeenCalled();
  });

  it('sends no token when signed out', async () => {
    const auth = fakeAuthClient(signedOut);
    const { controller } = setup(auth);
    await controller.start();
    await expect(controller.getSnapshot().getToken()).resolves.toBeNull();
    expect(auth.getToken).not.toHaveBeenCalled();
  });

  it('signs out when the tokens stop working', async () => {
    const auth = fakeAuthClient(signedIn());
    const { controller, onSignOut } = setup(auth);
    await controller.start();
    auth.loseSession();
    expect(controller.getSnapshot().status).toBe('signed-out');
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('logs out: clears state first, then ends the provider session on / without looking signed-out meanwhile', async () => {
    const auth = fakeAuthClient(signedIn());
    const { controller, onSignOut, navigate } = setup(auth);
    await controller.start();
    const order: string[] = [];
    onSignOut.mockImplementation(() => order.push('clear'));
    auth.logout.mockImplementation(() => {
      order.push(`provider:${controller.getSnapshot().status}`);
      return Promise.resolve();
    });
    await controller.getSnapshot().logout();
    // 'loading' while the browser leaves: a guarded page must not start a new sign-in.
    expect(order).toEqual(['clear', 'provider:loading']);
    expect(controller.getSnapshot().user).toBeNull();
    expect(auth.logout).toHaveBeenCalledWith({ redirectUri: 'https://loadout.test/' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells the API the session ended (ADR 0019) after clearing state and before the provider', async () => {
    const auth = fakeAuthClient(signedIn());
    const { controller, onSignOut, endServerSession } = setup(auth);
    await controller.start();
    const order: string[] = [];
    onSignOut.mockImplementation(() => order.push('clear'));
    endServerSession.mockImplementation((token: string) => {
      order.push(`api:${token}`);
      return Promise.resolve();
    });
    auth.logout.mockImplementation(() => {
      order.push('provider');
      return Promise.resolve();
    });
    await controller.getSnapshot().logout();
    expect(order).toEqual(['clear', 'api:access-token', 'provider']);
  });

  it('signs out at the provider even when the API refuses or does not answer', async () => {
    const refused = fakeAuthClient(signedIn());
    const first = setup(refused);
    first.endServerSession.mockRejectedValue(new Error('503'));
    await first.controller.start();
    await first.controller.getSnapshot().logout();
    expect(refused.logout).toHaveBeenCalled();

    jest.useFakeTimers();
    try {
      const silent = fakeAuthClient(signedIn());
      const second = setup(silent);
      second.endServerSession.mockReturnValue(new Promise<void>(() => undefined));
      await second.controller.start();
      const done = second.controller.getSnapshot().logout();
      await jest.advanceTimersByTimeAsync(END_SERVER_SESSION_TIMEOUT_MS);
      await done;
      expect(silent.logout).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not call the API when nobody was signed in', async () => {
    const auth = fakeAuthClient(signedOut);
    const { controller, endServerSession } = setup(auth);
    await controller.start();
    await controller.getSnapshot().logout();
    expect(endServerSession).not.toHaveBeenCalled();
  });

  it('logs out even when the provider call throws, ending on /', async () => {
    const auth = fakeAuthClient(signedIn());
    auth.logout.mockRejectedValue(new Error('end_session failed'));
    const { controller, onSignOut, navigate } = setup(auth);
    await controller.start();
    await expect(controller.getSnapshot().logout()).resolves.toBeUndefined();
    expect(controller.getSnapshot().status).toBe('signed-out');
    expect(onSignOut).toHaveBeenCalled();
    expect(auth.clear).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
    await expect(controller.getSnapshot().getToken()).resolves.toBeNull();
  });

  it('does not let a late profile answer undo a sign-out', async () => {
    let answer!: (profile: MeProfile) => void;
    let asked!: () => void;
    const profileAsked = new Promise<void>((resolve) => (asked = resolve));
    const { controller } = setup(fakeAuthClient(signedIn()), {
      fetchProfile: () =>
        new Promise((resolve) => {
          answer = resolve;
          asked();
        }),
    });
    const started = controller.start();
    await profileAsked;
    await controller.getSnapshot().logout();
    answer(PROFILE);
    await started;
    expect(controller.getSnapshot().status).toBe('loading');
    expect(controller.getSnapshot().user).toBeNull();
  });

  it('login goes to the provider with redirect / and remembers a safe redirectTo', async () => {
    const auth = fakeAuthClient(signedOut);
    const { controller } = setup(auth);
    await controller.start();
    await controller.getSnapshot().login({ redirectTo: '/sell' });
    expect(auth.login).toHaveBeenCalledWith({ redirectUri: 'https://loadout.test/' });
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/sell');
    await controller.getSnapshot().login({ redirectTo: '//evil.example' });
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('beginSignIn starts an in-page sign-in with redirect /, remembers redirectTo, and never rejects', async () => {
    const auth = fakeAuthClient(signedOut);
    const beginInPage = jest.fn((_options: { redirectUri: string }) =>
      Promise.resolve<string | null>('interaction-1'),
    );
    const { controller } = setup({ ...auth, beginInPage });
    await controller.start();
    await expect(controller.getSnapshot().beginSignIn({ redirectTo: '/profile' })).resolves.toBe(
      'interaction-1',
    );
    expect(beginInPage).toHaveBeenCalledWith({ redirectUri: 'https://loadout.test/' });
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/profile');
    expect(auth.login).not.toHaveBeenCalled();
    beginInPage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(controller.getSnapshot().beginSignIn()).resolves.toBeNull();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('beginSignIn answers null for an auth client that can only leave the page', async () => {
    const auth = fakeAuthClient(signedOut);
    const { controller } = setup(auth);
    await controller.start();
    await expect(controller.getSnapshot().beginSignIn()).resolves.toBeNull();
  });

  it('login({ register: true }) opens the provider registration page', async () => {
    const auth = fakeAuthClient(signedOut);
    const { controller } = setup(auth);
    await controller.start();
    await controller.getSnapshot().login({ register: true });
    expect(auth.login).toHaveBeenCalledWith({
      redirectUri: 'https://loadout.test/',
      action: 'register',
    });
  });

  it('login rejects with a readable error when the provider is unreachable', async () => {
    const auth = fakeAuthClient(signedOut);
    auth.login.mockRejectedValue(new Error('no config'));
    const { controller } = setup(auth);
    await controller.start();
    await expect(controller.getSnapshot().login()).rejects.toMatchObject({
      code: 'AUTH.UNAVAILABLE',
      message: 'Sign-in is not available right now. Please try again in a moment.',
    });
  });

  it('welcomes once after coming back signed in with the flag, then follows redirectTo', async () => {
    sessionStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/sell');
    const { controller, onWelcome, navigate } = setup(fakeAuthClient(signedIn()));
    await controller.start();
    expect(onWelcome).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/sell');
    expect(sessionStorage.getItem(SIGNED_IN_FLAG_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('welcomes after a provider redirect without the flag (Keycloak mode), not after a silent check', async () => {
    const redirect = setup(fakeAuthClient(signedIn(true)));
    await redirect.controller.start();
    expect(redirect.onWelcome).toHaveBeenCalledTimes(1);

    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/sell');
    const silent = setup(fakeAuthClient(signedIn(false)));
    await silent.controller.start();
    expect(silent.onWelcome).not.toHaveBeenCalled();
    expect(silent.navigate).not.toHaveBeenCalled();
  });

  it('drops a stale signed-in flag when the user comes back signed out', async () => {
    sessionStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    const { controller, onWelcome } = setup(fakeAuthClient(signedOut));
    await controller.start();
    expect(onWelcome).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SIGNED_IN_FLAG_KEY)).toBeNull();
  });

  it('refresh re-reads the profile', async () => {
    const { controller, fetchProfile } = setup(fakeAuthClient(signedIn()));
    await controller.start();
    fetchProfile.mockResolvedValueOnce({ ...PROFILE, displayName: 'Niamh B.' });
    await controller.getSnapshot().refresh();
    expect(controller.getSnapshot().user?.displayName).toBe('Niamh B.');
  });

  it('notifies subscribers on every change', async () => {
    const { controller } = setup(fakeAuthClient(signedIn()));
    const listener = jest.fn();
    const unsubscribe = controller.subscribe(listener);
    await controller.start();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});

describe('isSafeRedirect', () => {
  it('accepts site paths only', () => {
    expect(isSafeRedirect('/sell')).toBe(true);
    expect(isSafeRedirect('/')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
  });
});
