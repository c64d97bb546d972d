// Standalone development harness; in production the shell loads `./routes` instead (and
// provides the session: here nobody is signed in and signing in cannot start).
import '@loadout/ui/styles.css';
import { createQueryClient } from '@loadout/web';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { MarketplaceRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <main id="main">
          <MarketplaceRoutes />
        </main>
        <Toaster
          visibleToasts={3}
          duration={4000}
          position="bottom-right"
          theme="dark"
          closeButton
        />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
