import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { AppError } from '@loadout/errors';
import { type NotificationsConfig } from '../notifications.config';
import { DevMailboxSender } from './dev-mailbox-mail-sender';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { SmtpMailSender } from './smtp-mail-sender';

type MailConfig = Pick<NotificationsConfig, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM'>;

/** The adapter MAIL_TRANSPORT names. */
export function createMailSender(config: MailConfig, dataSource: DataSource): MailSender {
  switch (config.MAIL_TRANSPORT) {
    case 'devbox':
      return new DevMailboxSender(dataSource);
    case 'smtp':
      if (!config.SMTP_URL) {
        throw new AppError(
          'NOTIFICATIONS.INVALID_CONFIG',
          'SMTP_URL is required when MAIL_TRANSPORT=smtp.',
          'internal',
        );
      }
      return new SmtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
}

@Injectable()
class MailSenderLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MAIL_SENDER) private readonly sender: MailSender) {}

  onApplicationShutdown(): void {
    if (this.sender instanceof SmtpMailSender) this.sender.close();
  }
}

/** Provides MAIL_SENDER, the adapter chosen by MAIL_TRANSPORT. */
@Module({})
export class MailModule {
  static register(config: MailConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [
        {
          provide: MAIL_SENDER,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) => createMailSender(config, dataSource),
        },
        MailSenderLifecycle,
      ],
      exports: [MAIL_SENDER],
    };
  }
}
