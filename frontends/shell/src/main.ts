import { staticPaintDone } from './startup/static-paint-hold';

// Async boundary: Module Federation negotiates the shared singletons before the app code runs.
// On a listing page the boot script may first finish painting the photo (pwa/boot.js).
staticPaintDone()
  .then(() => import('./bootstrap'))
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('Loadout failed to start', error);
  });
