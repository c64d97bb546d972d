import {
  freePort,
  startServiceUnderTest,
  type ServiceUnderTest,
  type ServiceUnderTestOptions,
} from '@loadout/service-kit/testing';
import { type IdentityConfig } from '../../src/identity.config';
import { identityService } from '../../src/identity.service';

/** An OIDC client other than the shell's: what openid-client plays in the tests. */
export const TEST_CLIENT = {
  client_id: 'test-rp',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: ['http://127.0.0.1:9/callback'],
};

export type RunningIdentity = ServiceUnderTest<IdentityConfig>;

/**
 * Identity on the kit's service under test, on a port chosen first: PUBLIC_URL (and so the
 * embedded provider's issuer) is the app's own address, as if the gateway were not there.
 * Embedded mode is its own issuer (`issuer: false`); keycloak mode passes the realm's.
 */
export async function startIdentity(
  options: Pick<ServiceUnderTestOptions, 'label' | 'env' | 'issuer'> = {},
): Promise<RunningIdentity> {
  const port = await freePort();
  return startServiceUnderTest(identityService, {
    label: options.label ?? 'identity',
    issuer: options.issuer ?? false,
    port,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_EXTRA_CLIENTS: JSON.stringify([TEST_CLIENT]),
      ...options.env,
    },
    // The test client plays the gateway: its loopback hop is the trusted one (ADR 0009).
    app: { http: { trustedProxies: ['127.0.0.1', '::1'] } },
  });
}
