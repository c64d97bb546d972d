import { render, screen } from '@testing-library/react';
import { type Session, SessionProvider, isAdmin, useSession } from './session';

function Who() {
  const session = useSession();
  return <p>{session.status === 'signed-in' ? session.user.username : session.status}</p>;
}

const signedIn = (roles: string[]): Session => ({
  status: 'signed-in',
  user: { id: 'u1', username: 'niamh', displayName: 'Niamh', roles },
});

describe('session', () => {
  it('is signed out without a provider', () => {
    render(<Who />);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('exposes the provided session', () => {
    render(
      <SessionProvider value={signedIn(['user'])}>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('niamh')).toBeInTheDocument();
  });

  it('recognises admins by role', () => {
    expect(isAdmin(signedIn(['user', 'admin']))).toBe(true);
    expect(isAdmin(signedIn(['user']))).toBe(false);
    expect(isAdmin({ status: 'signed-out' })).toBe(false);
  });
});
