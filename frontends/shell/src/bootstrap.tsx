// The shell's CSS is a stylesheet linked from the page head (pwa/build.cjs appStylesheet).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './pwa/service-worker';
import { clearServiceWorkers } from './startup/clear-service-workers';
import { nextTask } from './startup/static-paint-hold';

/** Starts the app in #root; main.ts calls it once the shared modules are negotiated. */
export async function start(): Promise<void> {
  // Foreign workers and caches go first; ours is (re)registered once the page has loaded.
  void clearServiceWorkers().finally(() => registerServiceWorker());

  const container = document.getElementById('root');
  if (!container) throw new Error('Loadout: #root element missing from index.html');
  const root = createRoot(container);

  // The app's modules come in this chunk ("eager": no request of their own) but run in the next
  // task: running them in the task that ran React's is one long task on a slow phone (issue 12).
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first render does not hold the main thread in one long task either.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
