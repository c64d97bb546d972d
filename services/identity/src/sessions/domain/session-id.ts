import { createHash } from 'node:crypto';

/**
 * The `sid` claim of the embedded provider's access tokens: one per grant, i.e. per signed-in
 * browser (signing out revokes it; a refresh keeps it). A digest rather than the grant id, which
 * the provider uses as a storage key.
 */
export const sessionIdOfGrant = (grantId: string): string =>
  createHash('sha256').update(`sid:${grantId}`).digest('base64url').slice(0, 32);

/**
 * How long an ended session is remembered: longer than any access token it issued can live
 * (5 minutes in both identity modes, ADR 0006 and the Keycloak realm) plus clock skew.
 */
export const ENDED_SESSION_RETENTION_SECONDS = 10 * 60;
