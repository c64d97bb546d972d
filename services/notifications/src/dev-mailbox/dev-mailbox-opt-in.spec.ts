import 'reflect-metadata';
import { ownModules } from '@loadout/service-kit';
import { loadNotificationsConfig } from '../notifications.config';
import { notificationsService } from '../notifications.service';
import { DevMailboxModule } from './dev-mailbox.module';

const DATABASE_URL = 'postgres://u@localhost/db';
const mounted = (env: Record<string, string>) =>
  ownModules(notificationsService, loadNotificationsConfig({ DATABASE_URL, ...env })).includes(
    DevMailboxModule,
  );

describe('finding 3: the dev mailbox is an explicit opt-in', () => {
  it('has no /dev/mailbox routes unless DEV_MAILBOX=on, even with the devbox transport', () => {
    expect(mounted({})).toBe(false);
    expect(mounted({ MAIL_TRANSPORT: 'devbox', NODE_ENV: 'development' })).toBe(false);
    expect(mounted({ DEV_MAILBOX: 'on' })).toBe(true);
  });

  it('refuses DEV_MAILBOX=on together with NODE_ENV=production at boot', () => {
    expect(() =>
      loadNotificationsConfig({
        DATABASE_URL,
        DEV_MAILBOX: 'on',
        NODE_ENV: 'production',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mail:25',
        REDIS_URL: 'redis://redis:6379',
      }),
    ).toThrow(/DEV_MAILBOX/);
  });
});
