import { matchPath } from '@loadout/web';

/** The remotes the shell knows about; each exposes `./routes`. */
export type RemoteName = 'fields' | 'marketplace' | 'account' | 'orders' | 'messaging' | 'admin';

export interface RemoteRoute {
  /** react-router path pattern. */
  path: string;
  remote: RemoteName;
  /** Names the area in the loading, error and "not available yet" states. */
  title: string;
  /** Who may open it; `admin` wraps the area in the admin-only guard (seed §2). */
  access?: 'admin';
}

/** Which remote renders which path. The remote's own route tree matches the same paths. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/fields', remote: 'fields', title: 'Field List' },
  { path: '/field/:id', remote: 'fields', title: 'Field details' },
  { path: '/fps-calculator', remote: 'fields', title: 'FPS Calculator' },

  { path: '/marketplace', remote: 'marketplace', title: 'Marketplace' },
  {
    path: '/marketplace/how-results-are-ranked',
    remote: 'marketplace',
    title: 'How results are ranked',
  },
  { path: '/search', remote: 'marketplace', title: 'Search' },
  { path: '/listing/:id', remote: 'marketplace', title: 'Listing' },
  { path: '/sell', remote: 'marketplace', title: 'Sell an item' },
  { path: '/sell/listings', remote: 'marketplace', title: 'My listings' },
  { path: '/sell/:id', remote: 'marketplace', title: 'Edit listing' },
  { path: '/favorites', remote: 'marketplace', title: 'Favourites' },
  { path: '/seller/:userId', remote: 'marketplace', title: 'Seller profile' },

  { path: '/auth', remote: 'account', title: 'Sign in' },
  // verify-email, reset-password, forgot-password...
  { path: '/auth/*', remote: 'account', title: 'Account' },
  { path: '/profile', remote: 'account', title: 'Profile' },
  { path: '/profile/:username', remote: 'account', title: 'Profile' },

  { path: '/checkout/:id', remote: 'orders', title: 'Checkout' },
  { path: '/purchase-success', remote: 'orders', title: 'Purchase complete' },
  { path: '/buyer-dashboard', remote: 'orders', title: 'My Purchases' },
  { path: '/seller-dashboard', remote: 'orders', title: 'My Sales' },
  { path: '/offers', remote: 'orders', title: 'Offers' },
  { path: '/disputes', remote: 'orders', title: 'Disputes' },

  { path: '/messages/*', remote: 'messaging', title: 'Messages' },

  { path: '/admin/*', remote: 'admin', title: 'Admin Dashboard', access: 'admin' },
];

/** The remote route for a pathname, or null when no remote owns it (a 404). */
export function matchRemoteRoute(
  pathname: string,
  routes: readonly RemoteRoute[] = REMOTE_ROUTES,
): RemoteRoute | null {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? null;
}
