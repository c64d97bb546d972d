/**
 * The services the suites cover, with their port offset from infra/embedded/apps.mjs. Adding a
 * service (admin, …) is one line here plus its routes' rows in access-table.ts.
 */
export const SERVICES = [
  { name: 'identity', offset: 1 },
  { name: 'listings', offset: 2 },
  { name: 'orders', offset: 3 },
  { name: 'messaging', offset: 4 },
  { name: 'notifications', offset: 5 },
  { name: 'fields', offset: 6 },
  { name: 'admin', offset: 7 },
] as const;

export type ServiceName = (typeof SERVICES)[number]['name'];
