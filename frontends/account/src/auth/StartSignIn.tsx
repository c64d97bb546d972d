import { ErrorPanel, Spinner } from '@loadout/ui';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from '@loadout/web';
import { errorMessage } from '../api/errors';
import { useAccountSession } from '../use-account-session';

export interface StartSignInProps {
  /** Shown above the spinner, e.g. why the flow restarts. */
  notice?: string;
  /** Where to land after signing in; also where a signed-in visitor is sent (default `/`). */
  redirectTo?: string;
  /** Keycloak mode's sign-up: the provider's registration page instead of its sign-in. */
  register?: boolean;
}

/**
 * Starts the OpenID Connect sign-in: the provider answers with a redirect back to
 * `/auth?uid=…`, where the form is shown. Signed-in visitors go home instead.
 */
export function StartSignIn({ notice, redirectTo, register }: StartSignInProps) {
  const { status, login } = useAccountSession();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(-1);

  useEffect(() => {
    if (status !== 'signed-out' || started.current === attempt) return;
    started.current = attempt;
    const options = { ...(redirectTo ? { redirectTo } : {}), ...(register ? { register } : {}) };
    login(Object.keys(options).length ? options : undefined).catch((error: unknown) => {
      setFailure(errorMessage(error, 'Sign-in could not be started. Please try again.'));
    });
  }, [status, login, attempt, redirectTo, register]);

  if (status === 'signed-in') return <Navigate to={redirectTo ?? '/'} replace />;
  if (failure) {
    return (
      <ErrorPanel
        title="Sign-in could not start"
        message={failure}
        headingLevel={2}
        onRetry={() => {
          setFailure(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <div className="account-redirect">
      {notice ? <p className="account-redirect__notice">{notice}</p> : null}
      <Spinner
        label={register ? 'Redirecting to sign up' : 'Redirecting to sign in'}
        showLabel
        size="lg"
      />
    </div>
  );
}
