import { ErrorPanel, Spinner } from '@loadout/ui';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from '@loadout/web';
import { errorMessage } from '../api/errors';
import { useAccountSession } from '../use-account-session';
import { SignInSkeleton } from './SignInSkeleton';

export interface StartSignInProps {
  /** Shown above the spinner, e.g. why the flow restarts. */
  notice?: string;
  /** Where to land after signing in; also where a signed-in visitor is sent (default `/`). */
  redirectTo?: string;
  /** Keycloak mode's sign-up: the provider's registration page instead of its sign-in. */
  register?: boolean;
}

type Step = 'in-page' | 'redirect';

/**
 * Starts the OpenID Connect sign-in. With the embedded provider it starts in the page: the
 * provider's answer names the interaction, and `/auth?uid=…` shows the form without a page load
 * (ADR 0006, addendum of 2026-11-26). Otherwise the browser goes to the provider, which sends
 * it back to `/auth?uid=…` (or shows its own pages, Keycloak). Signed-in visitors go home.
 */
export function StartSignIn({ notice, redirectTo, register }: StartSignInProps) {
  const { status, login, beginSignIn } = useAccountSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Once the in-page start answered "no", a retry goes to the provider directly.
  const [step, setStep] = useState<Step>(register ? 'redirect' : 'in-page');
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(-1);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'signed-out' || started.current === attempt) return;
    started.current = attempt;
    const options = { ...(redirectTo ? { redirectTo } : {}), ...(register ? { register } : {}) };
    const leave = () => {
      setStep('redirect');
      login(Object.keys(options).length ? options : undefined).catch((error: unknown) => {
        if (mounted.current) {
          setFailure(errorMessage(error, 'Sign-in could not be started. Please try again.'));
        }
      });
    };
    if (step === 'redirect') {
      leave();
      return;
    }
    void beginSignIn(redirectTo ? { redirectTo } : undefined).then((uid) => {
      if (!mounted.current) return;
      if (!uid) return leave();
      const params = new URLSearchParams(pathname === '/auth' ? search : '');
      params.set('uid', uid);
      void navigate(`/auth?${params.toString()}`, { replace: true });
    });
  }, [status, login, beginSignIn, navigate, pathname, search, attempt, step, redirectTo, register]);

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
      {step === 'in-page' ? (
        <SignInSkeleton />
      ) : (
        <Spinner
          label={register ? 'Redirecting to sign up' : 'Redirecting to sign in'}
          showLabel
          size="lg"
        />
      )}
    </div>
  );
}
