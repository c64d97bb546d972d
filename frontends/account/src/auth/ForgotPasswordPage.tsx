import {
  Button,
  buttonClassName,
  Card,
  type FieldChecks,
  focusFirstInvalid,
  TextField,
  useForm,
} from '@loadout/ui';
import { usePageMeta, Link, requestPasswordReset } from '@loadout/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../api/errors';
import { checkEmail } from './validation';

export const FORGOT_TEXTS = {
  sent: 'If an account exists for that email, we sent a link to reset your password.',
  failedTitle: 'Password reset failed',
  failedGeneric: 'Please try again later.',
} as const;

const CHECKS: FieldChecks<'email'> = { email: checkEmail };
const EMPTY = { email: '' };

function Sent({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="forgot-sent-title" className="account-result">
      <h2 id="forgot-sent-title" ref={headingRef} tabIndex={-1}>
        Check your email
      </h2>
      <p role="status">{FORGOT_TEXTS.sent}</p>
      <p className="lo-muted">
        Sent to <strong className="account-email">{email}</strong>. The link works once and expires
        after a while.
      </p>
      <div className="account-actions">
        <Link to="/auth" className={buttonClassName({ variant: 'secondary' })}>
          Back to Sign In
        </Link>
      </div>
    </section>
  );
}

/** `/auth/forgot-password`: asks for a reset link (answer is the same whether or not the account exists). */
export function ForgotPasswordPage() {
  usePageMeta(
    'Forgot password',
    'Reset the password of your Loadout account: we email you a link to choose a new one.',
  );
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(EMPTY, CHECKS);
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    retry: false,
    onError: (error) =>
      toast.error(FORGOT_TEXTS.failedTitle, {
        description: errorMessage(error, FORGOT_TEXTS.failedGeneric),
      }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ['email'], form.clientErrors);
      return;
    }
    mutation.mutate(form.values.email.trim());
  };

  return (
    <div className="lo-container account-page account-narrow">
      <Card padding="lg">
        <h1>Forgot your password?</h1>
        {mutation.isSuccess ? (
          <Sent email={mutation.variables} />
        ) : (
          <form
            ref={formRef}
            noValidate
            onSubmit={onSubmit}
            aria-label="Request a password reset"
            className="account-form"
          >
            <p className="lo-muted">
              Enter the email address of your account and we will send you a link to choose a new
              password.
            </p>
            <TextField
              {...form.field('email')}
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <Button type="submit" block loading={mutation.isPending}>
              Send reset link
            </Button>
            <p className="account-form__aside">
              Remembered it? <Link to="/auth">Back to Sign In</Link>
            </p>
          </form>
        )}
      </Card>
    </div>
  );
}
