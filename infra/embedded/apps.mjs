// What `npm start` runs. Add a service here (and to the gateway's UPSTREAM_* env) when it lands.
// offset: port = SERVICE_PORT_BASE (default 3000) + offset; env: extra variables for it.
export const SERVICES = [
  { name: 'identity', dir: 'services/identity', offset: 1 },
  // Listing photos go to the filesystem store in <data dir>/objects (start.mjs sets the path).
  { name: 'listings', dir: 'services/listings', offset: 2, env: { OBJECT_STORAGE: 'filesystem' } },
  {
    name: 'notifications',
    dir: 'services/notifications',
    offset: 5,
    env: { MAIL_TRANSPORT: 'devbox' },
  },
  { name: 'fields', dir: 'services/fields', offset: 6 },
];

export const FRONTENDS = [
  { name: 'shell', dir: 'frontends/shell', marker: 'index.html' },
  { name: 'fields', dir: 'frontends/fields', marker: 'remoteEntry.js' },
  { name: 'account', dir: 'frontends/account', marker: 'remoteEntry.js' },
  { name: 'marketplace', dir: 'frontends/marketplace', marker: 'remoteEntry.js' },
];
