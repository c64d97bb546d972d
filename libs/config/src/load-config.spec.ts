import { ConfigError, loadConfig, portVar, serviceEnv, z } from './index';

const schema = serviceEnv.extend({ PORT: portVar(3006) });

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgres://u@localhost/db' });
    expect(cfg.PORT).toBe(3006);
    expect(cfg.EVENT_TRANSPORT).toBe('postgres');
    expect(cfg.CORS_ORIGINS).toEqual(['http://localhost:8080']);
  });

  it('fails naming the bad variable', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x', PORT: '99999' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig(schema, { DATABASE_URL: 'mysql://x', PORT: '99999' });
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('PORT');
    }
  });

  it('names a missing required variable', () => {
    expect(() => loadConfig(schema, {})).toThrow(/DATABASE_URL/);
  });

  it('treats empty strings as unset', () => {
    const cfg = loadConfig(z.object({ A: z.string().default('x') }), { A: '' });
    expect(cfg.A).toBe('x');
  });

  it('splits comma lists', () => {
    const cfg = loadConfig(schema, {
      DATABASE_URL: 'postgres://u@h/d',
      KAFKA_BROKERS: 'a:9092, b:9092',
      EVENT_TRANSPORT: 'kafka',
    });
    expect(cfg.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
  });
});

describe('TRUSTED_PROXIES', () => {
  const base = { DATABASE_URL: 'postgres://u@h/d' };
  it('trusts nobody by default', () => {
    expect(loadConfig(schema, base).TRUSTED_PROXIES).toEqual([]);
  });
  it('reads IPs and CIDRs', () => {
    expect(
      loadConfig(schema, { ...base, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1' }).TRUSTED_PROXIES,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });
  it('names a bad entry', () => {
    expect(() => loadConfig(schema, { ...base, TRUSTED_PROXIES: 'gateway,10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES.*"gateway" is not an IP address or CIDR/s,
    );
  });
});

describe('production-safe combinations (findings 2 and 3)', () => {
  const base = { DATABASE_URL: 'postgres://u@h/d' };
  it('requires AUTH_AUDIENCE wherever AUTH_ISSUER is set', () => {
    expect(() => loadConfig(schema, { ...base, AUTH_ISSUER: 'https://id.example/oidc' })).toThrow(
      /AUTH_AUDIENCE: is required when AUTH_ISSUER is set/,
    );
    const cfg = loadConfig(schema, {
      ...base,
      AUTH_ISSUER: 'https://id.example/oidc',
      AUTH_AUDIENCE: 'https://loadout.ie/api',
    });
    expect(cfg.AUTH_AUDIENCE).toBe('https://loadout.ie/api');
  });
  it('keeps the dev mailbox off unless asked, and refuses it in production', () => {
    expect(loadConfig(schema, base).DEV_MAILBOX).toBe('off');
    expect(loadConfig(schema, { ...base, DEV_MAILBOX: 'on' }).DEV_MAILBOX).toBe('on');
    expect(() =>
      loadConfig(schema, { ...base, DEV_MAILBOX: 'on', NODE_ENV: 'production' }),
    ).toThrow(/DEV_MAILBOX: on .* refused when NODE_ENV=production/);
  });
});
