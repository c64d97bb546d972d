/** The runtime manifest served by the gateway at GET /remotes.json. */
export interface RemotesManifest {
  remotes: Record<string, { entry: string }>;
}

export const MANIFEST_URL = '/remotes.json';

/** Validates the manifest; entries without a usable `entry` string are dropped. */
export function parseManifest(value: unknown): RemotesManifest {
  if (typeof value !== 'object' || value === null) {
    throw new Error('The remotes manifest is not a JSON object.');
  }
  const remotes = (value as { remotes?: unknown }).remotes;
  if (typeof remotes !== 'object' || remotes === null || Array.isArray(remotes)) {
    throw new Error('The remotes manifest has no "remotes" object.');
  }
  const out: RemotesManifest = { remotes: {} };
  for (const [name, info] of Object.entries(remotes as Record<string, unknown>)) {
    const entry = (info as { entry?: unknown } | null)?.entry;
    if (typeof entry === 'string' && entry.trim() !== '') out.remotes[name] = { entry };
  }
  return out;
}

let pending: Promise<RemotesManifest> | null = null;

declare global {
  interface Window {
    /** GET /remotes.json started by the boot script before the shell ran (pwa/boot.js). */
    __loadoutManifest?: Promise<unknown>;
  }
}

/** Takes the boot script's early fetch once (a retry after a failure fetches afresh). */
function takeEarlyFetch(): Promise<unknown> | null {
  if (typeof window === 'undefined' || !window.__loadoutManifest) return null;
  const early = window.__loadoutManifest;
  delete window.__loadoutManifest;
  return early;
}

/** Fetches the manifest once per page load; a failed fetch is retried on the next call. */
export function loadManifest(fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  const early = pending ? null : takeEarlyFetch();
  if (early) {
    pending = early.then(parseManifest).catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  pending ??= (async () => {
    const response = await fetchImpl(MANIFEST_URL, {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
    });
    if (!response.ok) throw new Error(`The remotes manifest answered HTTP ${response.status}.`);
    return parseManifest(await response.json());
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Forgets the cached manifest (tests, and retries after a remote failed). */
export function resetManifestCache(): void {
  pending = null;
}
