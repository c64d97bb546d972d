import { loadMessagingConfig } from './messaging.config';

const DATABASE_URL = 'postgres://u@localhost/db';

describe('messaging config', () => {
  it('runs without Redis in development (one process: the in-process fan-out)', () => {
    expect(loadMessagingConfig({ DATABASE_URL }).REDIS_URL).toBeUndefined();
  });

  it('refuses to start under NODE_ENV=production without REDIS_URL (replicas would not share messages)', () => {
    expect(() => loadMessagingConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(
      /REDIS_URL: is required when NODE_ENV=production/,
    );
    expect(
      loadMessagingConfig({ DATABASE_URL, NODE_ENV: 'production', REDIS_URL: 'redis://redis:6379' })
        .REDIS_URL,
    ).toBe('redis://redis:6379');
  });
});
