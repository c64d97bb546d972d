import { Card, Tabs } from '@loadout/ui';
import { usePageMeta, useSearchParams, useAuthConfig } from '@loadout/web';
import { SignInPanel } from './SignInPanel';
import { SignUpPanel } from './SignUpPanel';
import { StartSignIn } from './StartSignIn';

type AuthTab = 'signin' | 'signup';

/** `/auth`: Sign In and Sign Up tabs; `?tab=signup` selects Sign Up, `?uid=` comes from the provider. */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const uid = params.get('uid');

  usePageMeta(
    tab === 'signup' ? 'Sign Up' : 'Sign In',
    tab === 'signup'
      ? 'Create your Loadout account to buy and sell airsoft gear in Ireland with escrow protection. For adults aged 18 and over.'
      : "Sign in to Loadout, Ireland's airsoft marketplace: your listings, messages, offers and purchases.",
  );

  const selectTab = (id: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === 'signup') next.set('tab', 'signup');
      else next.delete('tab');
      return next;
    });
  };

  const signInPath = uid ? `/auth?uid=${encodeURIComponent(uid)}` : '/auth';
  // Keycloak mode: Keycloak's registration page (18+ and terms are fields of the realm's
  // user profile there); identity's sign-up route answers 404 in that mode.
  const keycloakMode = useAuthConfig().data?.mode === 'keycloak';
  const signUp = keycloakMode ? <StartSignIn register /> : <SignUpPanel signInPath={signInPath} />;

  return (
    <div className="lo-container account-page account-auth">
      <Card padding="lg" className="account-auth__card">
        <h1 className="account-auth__title">
          {tab === 'signup' ? 'Create your Loadout account' : 'Sign in to Loadout'}
        </h1>
        <Tabs
          label="Sign in or sign up"
          value={tab}
          onValueChange={selectTab}
          items={[
            { id: 'signin', label: 'Sign In', content: <SignInPanel uid={uid} /> },
            { id: 'signup', label: 'Sign Up', content: signUp },
          ]}
        />
      </Card>
    </div>
  );
}
