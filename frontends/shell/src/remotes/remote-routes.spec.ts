import { matchRemoteRoute } from './remote-routes';

describe('matchRemoteRoute', () => {
  it.each([
    ['/fields', 'fields'],
    ['/fields/', 'fields'],
    ['/field/abc123', 'fields'],
    ['/fps-calculator', 'fields'],
    ['/marketplace', 'marketplace'],
    ['/marketplace/how-results-are-ranked', 'marketplace'],
    ['/search', 'marketplace'],
    ['/listing/xyz', 'marketplace'],
    ['/sell', 'marketplace'],
    ['/sell/listings', 'marketplace'],
    ['/sell/l1', 'marketplace'],
    ['/favorites', 'marketplace'],
    ['/seller/u1', 'marketplace'],
    ['/auth', 'account'],
    ['/auth/verify-email', 'account'],
    ['/auth/reset-password', 'account'],
    ['/auth/forgot-password', 'account'],
    ['/profile', 'account'],
    ['/profile/niamh', 'account'],
    ['/checkout/l1', 'orders'],
    ['/purchase-success', 'orders'],
    ['/buyer-dashboard', 'orders'],
    ['/seller-dashboard', 'orders'],
    ['/offers', 'orders'],
    ['/disputes', 'orders'],
    ['/messages', 'messaging'],
    ['/messages/c1', 'messaging'],
    ['/admin', 'admin'],
    ['/admin/reports', 'admin'],
  ])('sends %s to the %s remote', (pathname, remote) => {
    expect(matchRemoteRoute(pathname)?.remote).toBe(remote);
  });

  it('guards only the admin area', () => {
    expect(matchRemoteRoute('/admin')?.access).toBe('admin');
    expect(matchRemoteRoute('/admin/users')?.access).toBe('admin');
    expect(matchRemoteRoute('/profile')?.access).toBeUndefined();
  });

  it.each([
    '/nope',
    '/field',
    '/fields/extra/deep',
    '/fps-calculator/x',
    '/marketplace/other',
    '/sell/l1/extra',
  ])('leaves %s to the 404 page', (pathname) => {
    expect(matchRemoteRoute(pathname)).toBeNull();
  });
});
