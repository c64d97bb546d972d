/** Development-only accounts, clearly fictional (example.com), all verified. */
export const DEMO_PASSWORD = 'loadout-demo-2026';

export const DEMO_USERS = [
  {
    email: 'demo.buyer@example.com',
    username: 'demo_buyer',
    fullName: 'Demo Buyer (example)',
    role: 'user',
    sellerType: 'private',
    county: 'Dublin',
  },
  {
    email: 'demo.seller@example.com',
    username: 'demo_seller',
    fullName: 'Demo Seller (example)',
    role: 'user',
    sellerType: 'trader',
    county: 'Cork',
  },
  {
    email: 'demo.admin@example.com',
    username: 'demo_admin',
    fullName: 'Demo Admin (example)',
    role: 'admin',
    sellerType: 'private',
    county: 'Galway',
  },
] as const;
