import { Button, Card, Spinner } from '@loadout/ui';
import { useSession } from '@loadout/web';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router-dom';

export interface SignedInOnlyProps {
  /** What the visitor is asked to sign in for, e.g. "sell an item". */
  purpose: string;
  children: ReactNode;
}

/** Renders `children` for a signed-in user; a spinner while the session loads; else a prompt. */
export function SignedInOnly({ purpose, children }: SignedInOnlyProps) {
  const session = useSession();
  const location = useLocation();
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState('');

  if (session.status === 'loading') {
    return <Spinner label="Checking your sign-in" className="sell-page-spinner" />;
  }
  if (session.status === 'signed-in') return children;

  const signIn = async () => {
    setStarting(true);
    setProblem('');
    try {
      await session.login({ redirectTo: location.pathname + location.search });
    } catch (error) {
      setProblem(
        error instanceof Error && error.message
          ? error.message
          : 'Sign-in could not start. Please try again.',
      );
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card className="sell-signin" padding="lg">
      <h1 className="sell-page__title">Sign in to {purpose}</h1>
      <p>You need a Loadout account to {purpose}. Signing in takes you back here afterwards.</p>
      <Button onClick={() => void signIn()} loading={starting}>
        Sign in
      </Button>
      {problem ? (
        <p role="alert" className="lo-field__error">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
