import { Button, Card, Spinner } from '@loadout/ui';
import { useSignInPrompt } from '@loadout/web';
import { type ReactNode } from 'react';

export interface SignedInOnlyProps {
  /** What the visitor is asked to sign in for, e.g. "sell an item". */
  purpose: string;
  children: ReactNode;
}

/** Renders `children` for a signed-in user; a spinner while the session loads; else a prompt. */
export function SignedInOnly({ purpose, children }: SignedInOnlyProps) {
  const { status, signIn, starting, problem } = useSignInPrompt();

  if (status === 'loading') {
    return <Spinner label="Checking your sign-in" className="sell-page-spinner" />;
  }
  if (status === 'signed-in') return children;

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
