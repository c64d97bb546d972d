import '@loadout/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { clearServiceWorkers } from './startup/clear-service-workers';

void clearServiceWorkers();

const container = document.getElementById('root');
if (!container) throw new Error('Loadout: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
