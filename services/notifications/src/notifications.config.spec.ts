import { ConfigError } from '@loadout/config';
import { loadNotificationsConfig } from './notifications.config';

const DATABASE_URL = 'postgres://u@localhost/db';

describe('notifications config', () => {
  it('defaults to port 3005, the dev mailbox and the local gateway origin', () => {
    const config = loadNotificationsConfig({ DATABASE_URL });
    expect(config).toMatchObject({
      PORT: 3005,
      MAIL_TRANSPORT: 'devbox',
      MAIL_FROM: '"Loadout" <no-reply@loadout.ie>',
      PUBLIC_URL: 'http://localhost:8080',
      EVENT_TRANSPORT: 'postgres',
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('refuses MAIL_TRANSPORT=smtp without SMTP_URL, naming the variable', () => {
    expect(() => loadNotificationsConfig({ DATABASE_URL, MAIL_TRANSPORT: 'smtp' })).toThrow(
      ConfigError,
    );
    expect(() => loadNotificationsConfig({ DATABASE_URL, MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: is required when MAIL_TRANSPORT=smtp/,
    );
  });

  it('refuses the public dev mailbox in production', () => {
    expect(() => loadNotificationsConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(
      /MAIL_TRANSPORT: devbox .* is for development only/,
    );
    expect(
      loadNotificationsConfig({
        DATABASE_URL,
        NODE_ENV: 'production',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mailpit:1025',
        REDIS_URL: 'redis://redis:6379',
      }).MAIL_TRANSPORT,
    ).toBe('smtp');
  });

  it('refuses to start under NODE_ENV=production without REDIS_URL (pushes would reach one replica)', () => {
    expect(() =>
      loadNotificationsConfig({
        DATABASE_URL,
        NODE_ENV: 'production',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mailpit:1025',
      }),
    ).toThrow(/REDIS_URL: is required when NODE_ENV=production/);
  });

  it('accepts an smtp URL and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadNotificationsConfig({
      DATABASE_URL,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mailpit:1025',
      PUBLIC_URL: 'https://loadout.ie/',
    });
    expect(config.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(config.PUBLIC_URL).toBe('https://loadout.ie');
  });

  it('names bad values of the mail variables', () => {
    expect(() => loadNotificationsConfig({ DATABASE_URL, MAIL_TRANSPORT: 'pigeon' })).toThrow(
      /MAIL_TRANSPORT/,
    );
    expect(() =>
      loadNotificationsConfig({ DATABASE_URL, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://x' }),
    ).toThrow(/SMTP_URL: must be an smtp/);
  });
});
