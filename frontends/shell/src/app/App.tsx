import {
  type AuthClient,
  createQueryClient,
  createSessionController,
  LiveSessionProvider,
  TOASTER_SETTINGS,
  BrowserRouter,
  useNavigate,
} from '@loadout/web';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { AgeGate } from '../age-gate/AgeGate';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Layout } from '../layout/Layout';
import { InstallPrompt } from '../pwa/InstallPrompt';
import { clearClientState, refetchForSession, showWelcomeToast } from '../session/client-state';
import { createKeycloakAuthClient } from '../session/keycloak-auth-client';
import { AppRoutes } from './AppRoutes';

export interface AppProps {
  queryClient?: QueryClient;
  /** Injected in tests; defaults to keycloak-js against GET /api/v1/auth/config. */
  authClient?: AuthClient;
}

/** Where the session (created outside the router) sends in-app navigations. */
class NavigationTarget {
  private navigate: ((path: string) => void) | null = null;

  set(navigate: ((path: string) => void) | null): void {
    this.navigate = navigate;
  }

  go(path: string): void {
    this.navigate?.(path);
  }
}

function NavigationBridge({ target }: { target: NavigationTarget }) {
  const navigate = useNavigate();
  useEffect(() => {
    target.set((path) => void navigate(path));
    return () => target.set(null);
  }, [navigate, target]);
  return null;
}

export function App({ queryClient, authClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [navigation] = useState(() => new NavigationTarget());
  const [session] = useState(() =>
    createSessionController({
      authClient: authClient ?? createKeycloakAuthClient(),
      onSignOut: () => clearClientState(client),
      navigate: (path) => navigation.go(path),
      onWelcome: showWelcomeToast,
      onSignedInAfterPublicReads: () => refetchForSession(client),
    }),
  );
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <LiveSessionProvider controller={session}>
          <BrowserRouter>
            <NavigationBridge target={navigation} />
            <Layout>
              <AppRoutes />
            </Layout>
            <AgeGate />
            <InstallPrompt />
            <Toaster
              {...TOASTER_SETTINGS}
              theme="dark"
              closeButton
              // Above the phone's tab bar (shell.css sets the variable per width).
              offset={{ bottom: 'var(--shell-toast-bottom)' }}
              mobileOffset={{ bottom: 'var(--shell-toast-bottom)' }}
            />
          </BrowserRouter>
        </LiveSessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
