/** The oidc-provider instance (embedded mode only). */
export const OIDC_PROVIDER = Symbol('OIDC_PROVIDER');
