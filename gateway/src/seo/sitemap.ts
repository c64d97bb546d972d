/** Public pages anyone (and any crawler) may open; signed-in areas are left out. */
export const PUBLIC_PATHS = [
  '/',
  '/marketplace',
  '/fields',
  '/fps-calculator',
  '/auth',
  '/how-it-works',
  '/trust-safety',
  '/terms',
  '/privacy',
  '/escrow-terms',
  '/dispute-resolution',
  '/consumer-rights',
  '/accessibility',
  '/cookies',
  '/sitemap',
] as const;

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );

/** sitemaps.org XML for `origin` (scheme + host, no trailing slash). */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${escapeXml(e.lastModified)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(origin + e.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled; API, account and checkout areas may not. */
export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /oidc/',
    'Disallow: /auth/interaction/',
    'Disallow: /checkout/',
    'Disallow: /messages/',
    'Disallow: /profile',
    'Disallow: /buyer-dashboard',
    'Disallow: /seller-dashboard',
    'Disallow: /admin/',
    'Disallow: /sell',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
