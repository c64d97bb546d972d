import {
  Button,
  buttonClassName,
  Card,
  ErrorPanel,
  type FieldChecks,
  focusFirstInvalid,
  TextField,
  useForm,
} from '@loadout/ui';
import { usePageMeta, Link, useSearchParams, confirmPasswordReset } from '@loadout/web';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { IDENTITY_CODES, errorCode, errorMessage, fieldErrorsFrom } from '../api/errors';
import { PASSWORD_HINT, checkNewPassword, checkPasswordsMatch } from './validation';

export const RESET_TEXTS = {
  done: 'Your password has been changed. You can sign in with your new password now.',
  missingToken: 'This reset link is incomplete. Open the link from the email again.',
  failedTitle: 'Password reset failed',
  failedGeneric: 'Please try again later.',
} as const;

type ResetField = 'password' | 'confirmation';
const ORDER: readonly ResetField[] = ['password', 'confirmation'];
const CHECKS: FieldChecks<ResetField> = {
  password: checkNewPassword,
  confirmation: (value, values) => checkPasswordsMatch(values.password, value),
};
const EMPTY: Record<ResetField, string> = { password: '', confirmation: '' };

function Done() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="reset-done-title" className="account-result">
      <h2 id="reset-done-title" ref={headingRef} tabIndex={-1}>
        Password changed
      </h2>
      <p role="status">{RESET_TEXTS.done}</p>
      <div className="account-actions">
        <Link to="/auth" className={buttonClassName()}>
          Sign In
        </Link>
      </div>
    </section>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <ErrorPanel
      title="This reset link cannot be used"
      message={message}
      actions={
        <Link to="/auth/forgot-password" className={buttonClassName({ variant: 'secondary' })}>
          Request a new reset link
        </Link>
      }
    />
  );
}

/** `/auth/reset-password?token=…`: choose a new password from the emailed link. */
export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your Loadout account.');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(EMPTY, CHECKS);
  const mutation = useMutation({
    mutationFn: (password: string) => confirmPasswordReset({ token, password }),
    retry: false,
    onError: (error) => {
      if (errorCode(error) === IDENTITY_CODES.tokenInvalid) return;
      const fieldErrors = fieldErrorsFrom(error, ['password']);
      if (fieldErrors.password) {
        form.setServerErrors(fieldErrors);
        focusFirstInvalid(formRef.current, ORDER, fieldErrors);
        return;
      }
      toast.error(RESET_TEXTS.failedTitle, {
        description: errorMessage(error, RESET_TEXTS.failedGeneric),
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ORDER, form.clientErrors);
      return;
    }
    mutation.mutate(form.values.password);
  };

  let body: ReactNode;
  if (!token) body = <InvalidLink message={RESET_TEXTS.missingToken} />;
  else if (mutation.isSuccess) body = <Done />;
  else if (mutation.isError && errorCode(mutation.error) === IDENTITY_CODES.tokenInvalid) {
    body = <InvalidLink message={mutation.error.message} />;
  } else {
    body = (
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Choose a new password"
        className="account-form"
      >
        <TextField
          {...form.field('password')}
          label="New password"
          type="password"
          hint={PASSWORD_HINT}
          autoComplete="new-password"
          required
        />
        <TextField
          {...form.field('confirmation')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" block loading={mutation.isPending}>
          Change password
        </Button>
      </form>
    );
  }

  return (
    <div className="lo-container account-page account-narrow">
      <Card padding="lg">
        <h1>Choose a new password</h1>
        {body}
      </Card>
    </div>
  );
}
