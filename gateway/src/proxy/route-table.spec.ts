import { isBrowseArea, ownerOf, ownerOfPage } from './route-table';

const on = { devMailbox: true };

describe('route table', () => {
  it('routes each public area to its owning service', () => {
    expect(ownerOf('/api/v1/fields')).toEqual({ service: 'fields', area: 'fields' });
    expect(ownerOf('/api/v1/fields/abc?x=1')).toEqual({ service: 'fields', area: 'fields' });
    expect(ownerOf('/api/v1/me')?.service).toBe('identity');
    expect(ownerOf('/api/v1/me/addresses/abc')?.service).toBe('identity');
    expect(ownerOf('/api/v1/favorites/123')?.service).toBe('listings');
    expect(ownerOf('/api/v1/bug-reports')?.service).toBe('admin');
    expect(ownerOf('/api/v1/offers/1/accept')?.service).toBe('orders');
    expect(ownerOf('/api/v1/uploads/abc/parts/1?sig=x')?.service).toBe('listings');
    expect(ownerOf('/api/v1/images/images/abc/400.webp')?.service).toBe('listings');
    expect(ownerOf('/api/v1/payments/config')?.service).toBe('orders');
    expect(ownerOf('/api/v1/reviews/abc/reply')?.service).toBe('orders');
    expect(ownerOf('/api/v1/users/u-1/reviews')?.service).toBe('orders');
    expect(ownerOf('/api/v1/users/u-1/reviews?cursor=x')?.service).toBe('orders');
    expect(ownerOf('/api/v1/users/some_name')?.service).toBe('identity');
    expect(ownerOf('/api/v1/users/reviews')?.service).toBe('identity');
  });

  it('sends the ledger proof under admin/ to orders, the rest of admin/ to admin', () => {
    expect(ownerOf('/api/v1/admin/ledger/check')).toEqual({ service: 'orders', area: 'admin' });
    expect(ownerOf('/api/v1/admin/ledgers')?.service).toBe('admin');
    expect(ownerOf('/api/v1/admin/reports')?.service).toBe('admin');
  });

  it('sends disputes and the admins’ dispute decisions to orders', () => {
    expect(ownerOf('/api/v1/disputes/abc/response')?.service).toBe('orders');
    expect(ownerOf('/api/v1/admin/disputes/abc/decision')).toEqual({
      service: 'orders',
      area: 'admin',
    });
    expect(ownerOf('/api/v1/admin/disputesx')?.service).toBe('admin');
  });

  it('sends the admins’ disputes queue, order lists and order ledgers to orders', () => {
    expect(ownerOf('/api/v1/admin/disputes?cursor=x')?.service).toBe('orders');
    expect(ownerOf('/api/v1/admin/orders?userId=u1&role=buyer')?.service).toBe('orders');
    expect(ownerOf('/api/v1/admin/orders/o1/ledger')?.service).toBe('orders');
    expect(ownerOf('/api/v1/admin/ordersx')?.service).toBe('admin');
    expect(ownerOf('/api/v1/admin/listings?sellerId=u1')?.service).toBe('listings');
  });

  it('sends the admins’ account routes to identity', () => {
    expect(ownerOf('/api/v1/admin/users?q=x')).toEqual({ service: 'identity', area: 'admin' });
    expect(ownerOf('/api/v1/admin/users/u1/suspension')?.service).toBe('identity');
    expect(ownerOf('/api/v1/admin/usersx')?.service).toBe('admin');
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
    expect(ownerOfPage('/oidc/.well-known/openid-configuration', on)).toBe('identity');
    expect(ownerOfPage('/auth/interaction/abc/login', on)).toBe('identity');
    expect(ownerOfPage('/dev/mailbox', on)).toBe('notifications');
    expect(ownerOfPage('/dev/mailbox/messages?to=a@b.ie', on)).toBe('notifications');
  });

  it('leaves app pages to the shell', () => {
    expect(ownerOfPage('/auth', on)).toBeNull();
    expect(ownerOfPage('/auth?uid=x', on)).toBeNull();
    expect(ownerOfPage('/oidcx', on)).toBeNull();
    expect(ownerOfPage('/dev/mailboxes', on)).toBeNull();
  });

  it('routes the dev mailbox only when DEV_MAILBOX=on (finding 3)', () => {
    expect(ownerOfPage('/dev/mailbox', { devMailbox: false })).toBeNull();
    expect(ownerOfPage('/dev/mailbox/messages', { devMailbox: false })).toBeNull();
    expect(ownerOfPage('/oidc/jwks', { devMailbox: false })).toBe('identity');
  });
});
