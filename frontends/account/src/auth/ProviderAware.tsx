import { buttonClassName, Card } from '@loadout/ui';
import { usePageMeta, useAuthConfig, keycloakResetCredentialsUrl } from '@loadout/web';
import { type ReactNode } from 'react';

/**
 * The password pages in Keycloak mode: Keycloak owns credentials and mails its own reset
 * link, so these pages send the visitor to Keycloak's reset flow instead of identity's routes.
 */
export function PasswordPageFor({ embedded }: { embedded: ReactNode }) {
  // Until the config answers (or if it fails) the page is the embedded one: that is the
  // default mode, and in Keycloak mode its routes answer with a clear error anyway.
  const config = useAuthConfig().data;
  if (config?.mode === 'keycloak')
    return <KeycloakPasswordReset href={keycloakResetCredentialsUrl(config)} />;
  return <>{embedded}</>;
}

function KeycloakPasswordReset({ href }: { href: string }) {
  usePageMeta('Forgot password', 'Reset the password of your Loadout account.');
  return (
    <div className="lo-container account-page account-auth">
      <Card padding="lg" className="account-auth__card">
        <h1 className="account-auth__title">Reset your password</h1>
        <p>
          Passwords are managed by Loadout&apos;s sign-in service. Enter your email address there
          and we will send you a link to choose a new password.
        </p>
        <a href={href} className={buttonClassName()}>
          Continue to password reset
        </a>
      </Card>
    </div>
  );
}
