import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type ComponentType } from 'react';
import { loadManifest, resetManifestCache } from './remotes-manifest';

/** What every remote exposes as `./routes`: a component rendering its route tree. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

export type RemoteLoadResult =
  { status: 'ready'; Routes: ComponentType } | { status: 'unavailable' };

const registered = new Map<string, string>();
const failed = new Set<string>();

/**
 * Loads `<name>/routes` through the Module Federation runtime, registering the remote from
 * the runtime manifest first. "unavailable" means the manifest has no entry for it yet.
 */
export async function loadRemoteRoutes(name: string): Promise<RemoteLoadResult> {
  const retrying = failed.has(name);
  if (retrying) resetManifestCache();
  try {
    const manifest = await loadManifest();
    const entry = manifest.remotes[name]?.entry;
    if (!entry) return { status: 'unavailable' };

    const url = new URL(entry, document.baseURI).href;
    if (retrying || registered.get(name) !== url) {
      // `force` replaces a registration whose entry URL changed (a redeploy), or whose loaded
      // code failed (Try Again): the entry and the exposed module are fetched afresh.
      registerRemotes([{ name, entry: url }], { force: registered.has(name) });
      registered.set(name, url);
    }
    const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
    if (!module || typeof module.default !== 'function') {
      throw new Error(`The ${name} remote does not expose a routes component.`);
    }
    failed.delete(name);
    return { status: 'ready', Routes: module.default };
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/**
 * Marks every remote loaded so far for a fresh load (the error boundary's Try Again): the next
 * load re-reads the manifest and re-registers the remote, so code that failed is fetched again.
 */
export function retryRemotes(): void {
  for (const name of registered.keys()) failed.add(name);
}
