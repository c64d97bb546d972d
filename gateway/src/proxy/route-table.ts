import { type ServiceName } from '../gateway.config';

/** First path segment after /api/v1/ → the service that owns it (architecture §8). */
const OWNER_BY_AREA: Record<string, ServiceName> = {
  auth: 'identity',
  me: 'identity',
  users: 'identity',
  listings: 'listings',
  uploads: 'listings',
  favorites: 'listings',
  images: 'listings',
  orders: 'orders',
  webhooks: 'orders',
  payouts: 'orders',
  payments: 'orders',
  offers: 'orders',
  disputes: 'orders',
  reviews: 'orders',
  conversations: 'messaging',
  notifications: 'notifications',
  fields: 'fields',
  'bug-reports': 'admin',
  reports: 'admin',
  admin: 'admin',
};

/**
 * Parts of an area another service owns: `admin/ledger` is the orders ledger proof,
 * `admin/disputes` the admins' dispute queue and decisions (orders, issues 24 and 26),
 * `admin/orders` a user's orders and an order's ledger postings (orders, issue 26, ADR 0038),
 * `admin/listings` a seller's listings of every status (listings, same issue),
 * `admin/users` the account search, suspensions and roles (identity, ADR 0035).
 */
const OWNER_BY_SUBAREA: Record<string, ServiceName> = {
  'admin/ledger': 'orders',
  'admin/disputes': 'orders',
  'admin/orders': 'orders',
  'admin/listings': 'listings',
  'admin/users': 'identity',
};

/** Anonymous GETs of these areas are browse traffic: cached briefly and shared. */
const BROWSE_AREAS: ReadonlySet<string> = new Set(['fields', 'listings']);

/** Paths inside another service's area with an id in the middle (a user's reviews: orders). */
const OWNER_BY_PATTERN: ReadonlyArray<[pattern: RegExp, service: ServiceName]> = [
  [/^\/api\/v1\/users\/[^/?]+\/reviews(?:[/?]|$)/, 'orders'],
];

export function ownerOf(path: string): { service: ServiceName; area: string } | null {
  const match = /^\/api\/v1\/([a-z-]+)(?:[/?]|$)/.exec(path);
  const area = match?.[1];
  if (!area) return null;
  const byPattern = OWNER_BY_PATTERN.find(([pattern]) => pattern.test(path))?.[1];
  if (byPattern) return { service: byPattern, area };
  const sub = /^\/api\/v1\/([a-z-]+\/[a-z-]+)(?:[/?]|$)/.exec(path)?.[1];
  const subOwner = sub ? OWNER_BY_SUBAREA[sub] : undefined;
  if (subOwner) return { service: subOwner, area };
  const service = OWNER_BY_AREA[area];
  return service ? { service, area } : null;
}

export const isBrowseArea = (area: string): boolean => BROWSE_AREAS.has(area);

/** Non-API paths the browser reaches on the gateway's origin (the provider needs same-origin cookies). */
const PAGE_PREFIXES: ReadonlyArray<[prefix: string, service: ServiceName]> = [
  ['/oidc', 'identity'],
  ['/auth/interaction', 'identity'],
  ['/dev/mailbox', 'notifications'],
];

/** `devMailbox`: route /dev/mailbox only when DEV_MAILBOX=on (embedded mode's opt-in). */
export function ownerOfPage(path: string, options: { devMailbox: boolean }): ServiceName | null {
  const pathname = path.split('?')[0]!;
  for (const [prefix, service] of PAGE_PREFIXES) {
    if (prefix === '/dev/mailbox' && !options.devMailbox) continue;
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return service;
  }
  return null;
}
