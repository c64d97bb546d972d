import { managedByKeycloak } from './domain/account.errors';

/** Credentials live in Keycloak in keycloak mode: identity's own account routes answer 404 there. */
export function assertEmbeddedMode(config: { IDENTITY_PROVIDER: 'embedded' | 'keycloak' }): void {
  if (config.IDENTITY_PROVIDER !== 'embedded') throw managedByKeycloak();
}

/** Tracing for outbox events: the request id and the user who caused them. */
export interface RequestContext {
  requestId: string;
  ip: string;
}
