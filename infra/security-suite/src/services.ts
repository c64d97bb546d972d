/**
 * The services the suites cover, with their port offset from infra/embedded/apps.mjs. Adding a
 * service (orders, messaging, admin) is one line here plus its rows in access-table.ts.
 */
export const SERVICES = [
  { name: 'identity', offset: 1 },
  { name: 'listings', offset: 2 },
  { name: 'notifications', offset: 5 },
  { name: 'fields', offset: 6 },
] as const;

export type ServiceName = (typeof SERVICES)[number]['name'];
