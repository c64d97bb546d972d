// What `npm start` runs. Add a service here (and to the gateway's UPSTREAM_* env) when it lands.
// offset: port = SERVICE_PORT_BASE (default 3000) + offset; env: extra variables for it;
// clusterReplicas: processes of it in `npm run start:cluster` (one consumer group, behind a
// balancer on the service's port; replica i listens on port + 10 * i).
// Offset 9 is taken: the gateway's management listener (MANAGEMENT_PORT, metrics + readiness).
export const SERVICES = [
  { name: 'identity', dir: 'services/identity', offset: 1 },
  // Listing photos go to the filesystem store in <data dir>/objects (start.mjs sets the path).
  {
    name: 'listings',
    dir: 'services/listings',
    offset: 2,
    env: { OBJECT_STORAGE: 'filesystem' },
    clusterReplicas: 2,
  },
  // Escrow with the simulated card processor (test mode); INTERNAL_API_TOKEN comes from start.mjs.
  { name: 'orders', dir: 'services/orders', offset: 3, env: { PAYMENTS_PROVIDER: 'simulated' } },
  // Reads listing context from listings (start.mjs sets LISTINGS_URL for every service). Two in
  // the cluster: a message sent on one reaches sockets on the other through Redis.
  { name: 'messaging', dir: 'services/messaging', offset: 4, clusterReplicas: 2 },
  {
    name: 'notifications',
    dir: 'services/notifications',
    offset: 5,
    env: { MAIL_TRANSPORT: 'devbox' },
    clusterReplicas: 2,
  },
  { name: 'fields', dir: 'services/fields', offset: 6 },
  { name: 'admin', dir: 'services/admin', offset: 7 },
];

export const FRONTENDS = [
  { name: 'shell', dir: 'frontends/shell', marker: 'index.html' },
  { name: 'fields', dir: 'frontends/fields', marker: 'remoteEntry.js' },
  { name: 'account', dir: 'frontends/account', marker: 'remoteEntry.js' },
  { name: 'marketplace', dir: 'frontends/marketplace', marker: 'remoteEntry.js' },
  { name: 'orders', dir: 'frontends/orders', marker: 'remoteEntry.js' },
  { name: 'messaging', dir: 'frontends/messaging', marker: 'remoteEntry.js' },
  { name: 'admin', dir: 'frontends/admin', marker: 'remoteEntry.js' },
];
