/** The admin acting on an account through the admin routes (ADR 0035). */
export interface AdminActor {
  id: string;
  requestId: string;
}

/** Account ids are the token subject: 21 characters here, Keycloak's UUID in keycloak mode. */
export const isUserId = (id: string): boolean => /^[A-Za-z0-9_-]{1,36}$/.test(id);
