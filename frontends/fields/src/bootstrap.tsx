// Standalone development harness; in production the shell loads `./routes` instead.
import '@loadout/ui/styles.css';
import { createQueryClient } from '@loadout/web';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { FieldsRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <main id="main">
          <FieldsRoutes />
        </main>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
