import { Button, Card, Spinner, buttonClassName } from '@loadout/ui';
import { useSignInPrompt, Link } from '@loadout/web';
import { type ReactNode } from 'react';

export interface SignInRequiredProps {
  /** What the visitor is asked to sign in for, e.g. "buy this item". */
  purpose: string;
  children: ReactNode;
}

/**
 * Renders `children` for a signed-in user, a spinner while the session loads, otherwise a
 * prompt whose button signs in and comes back to this page (as the marketplace does).
 */
export function SignInRequired({ purpose, children }: SignInRequiredProps) {
  const { status, signIn, starting, problem } = useSignInPrompt();

  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (status === 'signed-in') return children;

  return (
    <Card className="or-signin" padding="lg">
      <h2>Sign in to {purpose}</h2>
      <p>You need a Loadout account to {purpose}. Signing in brings you back here afterwards.</p>
      <p className="or-actions">
        <Button onClick={() => void signIn()} loading={starting}>
          Sign in
        </Button>
        <Link to="/auth?tab=signup" className={buttonClassName({ variant: 'secondary' })}>
          Register
        </Link>
      </p>
      {problem ? (
        <p role="alert" className="lo-field__error">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
