import { Button, type FieldChecks, focusFirstInvalid, TextField, useForm } from '@loadout/ui';
import { isApiError, Link, resendVerification } from '@loadout/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useInteraction } from '../api/use-interaction';
import { IDENTITY_CODES, errorCode, errorStatus } from '../api/errors';
import { submitInteractionLogin } from '../api/interaction';
import { markSignedIn, navigateTo } from '../browser';
import { useAccountSession } from '../use-account-session';
import { SignInSkeleton } from './SignInSkeleton';
import { StartSignIn } from './StartSignIn';
import { checkEmail, checkSignInPassword } from './validation';

export const SIGN_IN_TEXTS = {
  failedTitle: 'Sign In Failed',
  failedGeneric: 'Sign in failed',
  expired: 'Your sign-in session expired. Please sign in again.',
  restarting: 'Your sign-in session expired. Taking you back to sign in…',
  unverified:
    'Please verify your email address before signing in. Check your inbox for a verification email.',
  resendSent: 'Verification email sent! Please check your inbox.',
  resendAlreadyVerified: 'Email is already verified. You can sign in normally.',
  resendFailed: 'Failed to send verification email',
} as const;

type SignInField = 'email' | 'password';
const FIELD_ORDER: readonly SignInField[] = ['email', 'password'];
const CHECKS: FieldChecks<SignInField> = { email: checkEmail, password: checkSignInPassword };
const EMPTY: Record<SignInField, string> = { email: '', password: '' };

type ResendState =
  | { kind: 'idle' }
  | { kind: 'sent' }
  | { kind: 'already-verified' }
  | { kind: 'failed'; reason?: string };

function UnverifiedNotice({ credentials }: { credentials: { email: string; password: string } }) {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const resend = useMutation({
    mutationFn: () => resendVerification(credentials),
    retry: false,
    onSuccess: () => setState({ kind: 'sent' }),
    onError: (error) => {
      if (errorStatus(error) === 409) setState({ kind: 'already-verified' });
      else setState({ kind: 'failed', reason: isApiError(error) ? error.message : undefined });
    },
  });
  return (
    <section className="account-notice account-notice--warning" aria-labelledby="unverified-title">
      <h2 id="unverified-title" className="account-notice__title">
        Verify your email address
      </h2>
      <p>{SIGN_IN_TEXTS.unverified}</p>
      <Button
        variant="secondary"
        loading={resend.isPending}
        onClick={() => {
          setState({ kind: 'idle' });
          resend.mutate();
        }}
      >
        Resend verification email
      </Button>
      <div role="status" className="account-notice__result">
        {state.kind === 'sent' ? (
          <p className="account-text-success">{SIGN_IN_TEXTS.resendSent}</p>
        ) : null}
        {state.kind === 'already-verified' ? <p>{SIGN_IN_TEXTS.resendAlreadyVerified}</p> : null}
        {state.kind === 'failed' ? (
          <>
            <p className="account-text-danger">{SIGN_IN_TEXTS.resendFailed}</p>
            {state.reason ? <p className="account-notice__reason">{state.reason}</p> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

function SignInForm({ uid }: { uid: string }) {
  const { login } = useAccountSession();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(EMPTY, CHECKS);
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  const signIn = useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      submitInteractionLogin(uid, credentials),
    retry: false,
    onSuccess: ({ redirectTo }) => {
      markSignedIn();
      navigateTo(redirectTo);
    },
    onError: (error, credentials) => {
      const code = errorCode(error);
      if (code === IDENTITY_CODES.interactionExpired || errorStatus(error) === 404) {
        toast.error(SIGN_IN_TEXTS.failedTitle, { description: SIGN_IN_TEXTS.expired });
        void login().catch(() => undefined);
        return;
      }
      const message = error.message.trim() || SIGN_IN_TEXTS.failedGeneric;
      toast.error(SIGN_IN_TEXTS.failedTitle, { description: message });
      setUnverified(code === IDENTITY_CODES.emailNotVerified ? credentials : null);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELD_ORDER, form.clientErrors);
      return;
    }
    setUnverified(null);
    signIn.mutate({ email: form.values.email.trim(), password: form.values.password });
  };

  // After a successful answer the browser is leaving: keep the button busy until it does.
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <div className="account-stack">
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Sign in"
        className="account-form"
      >
        <TextField
          {...form.field('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <TextField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <p className="account-form__aside">
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </p>
        <Button type="submit" block loading={busy}>
          Sign In
        </Button>
      </form>
      {unverified ? <UnverifiedNotice credentials={unverified} /> : null}
    </div>
  );
}

function InteractionSignIn({ uid }: { uid: string }) {
  const interaction = useInteraction(uid);
  if (interaction.isPending) return <SignInSkeleton />;
  if (interaction.isError && errorStatus(interaction.error) === 404) {
    return <StartSignIn notice={SIGN_IN_TEXTS.restarting} />;
  }
  // Other failures (network...) still show the form: submitting reports what is wrong.
  return <SignInForm uid={uid} />;
}

/** The Sign In tab: the form when the provider sent us here, otherwise start the flow. */
export function SignInPanel({ uid }: { uid: string | null }) {
  return uid ? <InteractionSignIn uid={uid} /> : <StartSignIn />;
}
