import type * as OidcProviderModule from 'oidc-provider';

let loaded: Promise<typeof OidcProviderModule> | undefined;

/**
 * oidc-provider is ESM-only: loaded with import() (Node 20.19+ and jest both resolve it). On
 * Node 20 it warns "Unsupported runtime" (it wants 22 LTS) though it runs fine there
 * (toolchain notes); that one line is held back while the module loads, nothing else.
 */
export function loadOidcProvider(): Promise<typeof OidcProviderModule> {
  loaded ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
      warn(...args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  })();
  return loaded;
}
