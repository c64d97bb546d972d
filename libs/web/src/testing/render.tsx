import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Fragment, type ReactNode } from 'react';
import { MemoryRouter } from '../router';
import { Toaster } from 'sonner';
import { type Session, SessionProvider } from '../session';
import { Where } from './location';

/** A query client for tests: no retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export interface RenderRemoteOptions {
  /** The shell's session, when the remote reads it (account keeps its own). */
  session?: Session;
  /** Goes around everything, e.g. StrictMode. */
  wrapper?: (props: { children: ReactNode }) => ReactNode;
  client?: QueryClient;
}

/**
 * Renders a remote's routes at `path` as the shell hosts them: inside the session, a query
 * client, a router with `Where` (read back with `where()`) and a toaster.
 */
export function renderRemote(
  routes: ReactNode,
  path: string,
  { session, wrapper: Wrapper = Fragment, client = testQueryClient() }: RenderRemoteOptions = {},
) {
  const tree = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {routes}
        <Where />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(
    <Wrapper>{session ? <SessionProvider value={session}>{tree}</SessionProvider> : tree}</Wrapper>,
  );
  return { ...view, client };
}
