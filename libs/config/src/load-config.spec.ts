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
