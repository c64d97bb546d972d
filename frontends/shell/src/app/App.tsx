import { type Session, SessionProvider, createQueryClient } from '@loadout/web';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AgeGate } from '../age-gate/AgeGate';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Layout } from '../layout/Layout';
import { AppRoutes } from './AppRoutes';

/** Seed §9 toaster: up to 3 visible, 4000 ms, bottom-right (sonner's default width is 356 px). */
export const TOASTER_SETTINGS = {
  visibleToasts: 3,
  duration: 4000,
  position: 'bottom-right',
} as const;

const SIGNED_OUT: Session = { status: 'signed-out' };

export interface AppProps {
  queryClient?: QueryClient;
}

export function App({ queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <SessionProvider value={SIGNED_OUT}>
          <BrowserRouter>
            <Layout>
              <AppRoutes />
            </Layout>
            <AgeGate />
            <Toaster {...TOASTER_SETTINGS} theme="dark" closeButton />
          </BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
