import { isBrowseArea, ownerOf, ownerOfPage } from './route-table';

describe('route table', () => {
  it('routes each public area to its owning service', () => {
    expect(ownerOf('/api/v1/fields')).toEqual({ service: 'fields', area: 'fields' });
    expect(ownerOf('/api/v1/fields/abc?x=1')).toEqual({ service: 'fields', area: 'fields' });
    expect(ownerOf('/api/v1/me')?.service).toBe('identity');
    expect(ownerOf('/api/v1/favorites/123')?.service).toBe('listings');
    expect(ownerOf('/api/v1/bug-reports')?.service).toBe('admin');
    expect(ownerOf('/api/v1/offers/1/accept')?.service).toBe('orders');
    expect(ownerOf('/api/v1/uploads/abc/parts/1?sig=x')?.service).toBe('listings');
    expect(ownerOf('/api/v1/images/images/abc/400.webp')?.service).toBe('listings');
  });

  it('knows nothing of unknown areas or look-alike prefixes', () => {
    expect(ownerOf('/api/v1/secrets')).toBeNull();
    expect(ownerOf('/api/v1/fieldsx')).toBeNull();
    expect(ownerOf('/api/v2/fields')).toBeNull();
  });

  it('treats only listings and fields as browse areas', () => {
    expect(isBrowseArea('fields')).toBe(true);
    expect(isBrowseArea('orders')).toBe(false);
  });
});

describe('page routes', () => {
  it('sends the provider, interactions and the dev mailbox to their services', () => {
    expect(ownerOfPage('/oidc/.well-known/openid-configuration')).toBe('identity');
    expect(ownerOfPage('/auth/interaction/abc/login')).toBe('identity');
    expect(ownerOfPage('/dev/mailbox')).toBe('notifications');
    expect(ownerOfPage('/dev/mailbox/messages?to=a@b.ie')).toBe('notifications');
  });

  it('leaves app pages to the shell', () => {
    expect(ownerOfPage('/auth')).toBeNull();
    expect(ownerOfPage('/auth?uid=x')).toBeNull();
    expect(ownerOfPage('/oidcx')).toBeNull();
    expect(ownerOfPage('/dev/mailboxes')).toBeNull();
  });
});
