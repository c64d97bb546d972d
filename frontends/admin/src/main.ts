// Async boundary: Module Federation negotiates the shared singletons before the app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Loadout failed to start', error);
});
