import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import {
  SIGNED_IN_FLAG_KEY,
  type Session,
  type SessionUser,
  SessionProvider,
  createSession,
  isAdmin,
  markSignedIn,
  useSession,
} from './session';

function Who() {
  const session = useSession();
  return (
    <p>
      {session.status === 'signed-in' ? session.user.username : session.status}
      {session.isAdmin ? ' (admin)' : ''}
    </p>
  );
}

const user = (roles: SessionUser['roles']): SessionUser => ({
  id: 'u1',
  email: 'niamh@example.ie',
  username: 'niamh',
  displayName: 'Niamh',
  roles,
});

describe('session', () => {
  it('is signed out without a provider, with harmless actions', async () => {
    const seen: Session[] = [];
    function Capture({ onSession }: { onSession: (session: Session) => void }) {
      const session = useSession();
      useEffect(() => {
        onSession(session);
      }, [session, onSession]);
      return null;
    }
    render(
      <>
        <Who />
        <Capture onSession={(session) => seen.push(session)} />
      </>,
    );
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await expect(seen[0]!.getToken()).resolves.toBeNull();
    await expect(seen[0]!.logout()).resolves.toBeUndefined();
  });

  it('exposes the provided session', () => {
    render(
      <SessionProvider value={createSession(user(['user']))}>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('niamh')).toBeInTheDocument();
  });

  it('marks admins by role only', () => {
    render(
      <SessionProvider value={createSession(user(['user', 'admin']))}>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('niamh (admin)')).toBeInTheDocument();
    expect(isAdmin(createSession(user(['user', 'admin'])))).toBe(true);
    expect(isAdmin(createSession(user(['user'])))).toBe(false);
    expect(isAdmin(createSession('signed-out'))).toBe(false);
    expect(createSession('loading')).toMatchObject({
      status: 'loading',
      user: null,
      isAdmin: false,
    });
  });

  it('uses the given actions', async () => {
    const login = jest.fn(() => Promise.resolve());
    await createSession('signed-out', { login }).login({ redirectTo: '/sell' });
    expect(login).toHaveBeenCalledWith({ redirectTo: '/sell' });
  });

  it('sets the signed-in flag for the shell', () => {
    sessionStorage.clear();
    markSignedIn();
    expect(sessionStorage.getItem(SIGNED_IN_FLAG_KEY)).toBe('1');
    expect(SIGNED_IN_FLAG_KEY).toBe('loadout_signed_in');
  });
});
