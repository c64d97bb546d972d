import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';

/** Seed §9 toaster: up to 3 visible, 4000 ms, bottom-right (sonner's default width is 356 px). */
export const TOASTER_SETTINGS = {
  visibleToasts: 3,
  duration: 4000,
  position: 'bottom-right',
} as const;

/**
 * A remote's standalone development harness (`src/bootstrap.tsx`): its route tree with the query
 * client, a router and the toaster. In production the shell loads the remote's `./routes`
 * instead and provides the session (standalone, nobody is signed in).
 */
export function renderStandaloneRemote(Routes: ComponentType, rootId = 'root'): void {
  const container = document.getElementById(rootId);
  if (!container) throw new Error(`#${rootId} element missing from index.html`);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <main id="main">
            <Routes />
          </main>
          <Toaster {...TOASTER_SETTINGS} theme="dark" closeButton />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
