import { Card, Spinner, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link, useSearchParams, useVerifyEmail } from '@loadout/web';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../api/errors';

export const VERIFY_TEXTS = {
  verified: 'Your email is verified. You can sign in now.',
  missingToken: 'This verification link is incomplete. Open the link from the email again.',
  failedGeneric: 'This verification link is not valid.',
  howToResend:
    'To get a new link, sign in with your email and password and choose "Resend verification email".',
} as const;

function Result({
  title,
  tone,
  children,
}: {
  title: string;
  tone: 'success' | 'danger';
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      className={`account-result account-result--${tone}`}
      aria-labelledby="verify-result-title"
    >
      <h1 id="verify-result-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <Result title="Email not verified" tone="danger">
      <p role="alert">{message}</p>
      <p className="lo-muted">{VERIFY_TEXTS.howToResend}</p>
      <div className="account-actions">
        <Link to="/auth" className={buttonClassName({ variant: 'secondary' })}>
          Request a new verification email
        </Link>
      </div>
    </Result>
  );
}

/** `/auth/verify-email?token=…`: the link from the verification email. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verification = useVerifyEmail(token);

  usePageMeta(
    'Verify your email',
    'Confirm the email address of your Loadout account to start buying and selling airsoft gear.',
  );

  let body: ReactNode;
  if (!token) {
    body = <Failed message={VERIFY_TEXTS.missingToken} />;
  } else if (verification.isPending) {
    body = <Spinner label="Verifying your email" showLabel size="lg" />;
  } else if (verification.isError) {
    body = <Failed message={errorMessage(verification.error, VERIFY_TEXTS.failedGeneric)} />;
  } else {
    body = (
      <Result title="Email verified" tone="success">
        <p role="status">{VERIFY_TEXTS.verified}</p>
        {verification.data?.email ? (
          <p className="lo-muted">
            Verified address: <strong className="account-email">{verification.data.email}</strong>
          </p>
        ) : null}
        <div className="account-actions">
          <Link to="/auth" className={buttonClassName()}>
            Sign In
          </Link>
        </div>
      </Result>
    );
  }

  return (
    <div className="lo-container account-page account-narrow">
      <Card padding="lg">{body}</Card>
    </div>
  );
}
