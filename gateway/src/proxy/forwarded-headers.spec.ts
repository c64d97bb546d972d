import { clientResponseHeaders, upstreamRequestHeaders } from './forwarded-headers';

describe('forwarded headers', () => {
  it('passes what services need and adds forwarding context', () => {
    const out = upstreamRequestHeaders(
      {
        authorization: 'Bearer t',
        connection: 'keep-alive',
        'x-forwarded-for': '6.6.6.6',
        'x-loadout-client-ip': '6.6.6.6',
        'content-type': 'application/json',
        host: 'evil',
      },
      { requestId: 'r1', clientIp: '10.0.0.1', host: 'loadout.ie', protocol: 'https' },
    );
    expect(out).toEqual({
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'x-request-id': 'r1',
      'x-loadout-client-ip': '10.0.0.1',
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-host': 'loadout.ie',
      'x-forwarded-proto': 'https',
    });
  });

  it('drops upstream hop-by-hop and security headers', () => {
    const out = clientResponseHeaders({
      'content-type': 'application/json',
      connection: 'close',
      'x-frame-options': 'DENY',
      etag: '"1"',
      'idempotent-replayed': 'true',
    });
    expect(out).toEqual({
      'content-type': 'application/json',
      etag: '"1"',
      'idempotent-replayed': 'true',
    });
  });
});
