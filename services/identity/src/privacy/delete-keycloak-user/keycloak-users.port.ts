/**
 * The realm's users as identity may change them (Keycloak mode). Implemented over Keycloak's
 * admin REST API (`KeycloakAdminClient`); tests may stand in for it.
 */
export interface KeycloakUsers {
  /**
   * Deletes the realm user `userId` (the token subject, identity's user id). Idempotent: a
   * user already gone answers `already_gone`. Throws when Keycloak cannot be asked or refuses.
   */
  delete(userId: string): Promise<'deleted' | 'already_gone'>;
}

export const KEYCLOAK_USERS = Symbol('KEYCLOAK_USERS');
