import '@loadout/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './pwa/service-worker';
import { clearServiceWorkers } from './startup/clear-service-workers';

// Foreign workers and caches go first; ours is (re)registered once the page has loaded.
void clearServiceWorkers().finally(() => registerServiceWorker());

const container = document.getElementById('root');
if (!container) throw new Error('Loadout: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
