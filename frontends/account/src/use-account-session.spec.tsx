import { SessionProvider, createSession } from '@loadout/web';
import { render, screen } from '@testing-library/react';
import { useAccountSession } from './use-account-session';

function Probe() {
  const { status, user } = useAccountSession();
  return <p>{user ? `${status}:${user.username}` : status}</p>;
}

describe('useAccountSession', () => {
  it('reads the shared session', () => {
    const login = jest.fn(() => Promise.resolve());
    const session = createSession(
      { id: 'u1', email: 'a@example.ie', username: 'aoife', displayName: 'Aoife', roles: ['user'] },
      { login },
    );
    render(
      <SessionProvider value={session}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('signed-in:aoife')).toBeInTheDocument();
  });

  it('is signed out without a provider', () => {
    render(<Probe />);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });
});
