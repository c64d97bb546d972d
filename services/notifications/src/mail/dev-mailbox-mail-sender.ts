import { type DataSource } from 'typeorm';
import { newId } from '@loadout/db';
import { DevMailboxMessageEntity } from './dev-mailbox-message.entity';
import { type MailMessage, type MailSender } from './mail-sender';

/** Keeps mail in `notifications.dev_mailbox`, read back at /dev/mailbox; nothing leaves the machine. */
export class DevMailboxSender implements MailSender {
  constructor(private readonly dataSource: DataSource) {}

  async send(message: MailMessage): Promise<void> {
    await this.dataSource.getRepository(DevMailboxMessageEntity).insert({
      id: newId(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
    });
  }
}
