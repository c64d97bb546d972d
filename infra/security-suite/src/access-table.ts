/**
 * Expected answers per route and caller, kept in one table. A route the services' OpenAPI
 * documents list but this table does not fails the suite: a new route must say who may call
 * it. Keys are `METHOD path` as in the documents.
 *
 * `public`: anonymous callers are not refused for lack of a token (any status but 401/403).
 * `signed-in`: anonymous callers get 401 `AUTH.REQUIRED`.
 * Columns for another user, the owner and an admin are not filled in yet (see README).
 */
export type AnonymousAccess = 'public' | 'signed-in';

export const ACCESS: Record<string, AnonymousAccess> = {};
