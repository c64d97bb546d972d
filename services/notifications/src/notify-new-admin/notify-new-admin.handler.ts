import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { adminRoleEmail } from '../emails/templates/identity-emails';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/**
 * Promotion to admin (not a demotion, not a repeat) is mailed to the address learned from
 * earlier events; with none known, the skipped email is logged.
 */
@Injectable()
export class NotifyNewAdminHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly recipients: RecipientRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async roleChanged(tx: EntityManager, event: EventOf<'identity.user.role_changed.v1'>) {
    const { userId, role, previousRole } = event.payload;
    if (role !== 'admin' || previousRole === 'admin') return;
    const recipient = await this.recipients.find(tx, userId);
    if (!recipient) {
      await this.emails.skip(
        tx,
        { to: null, template: 'admin_role', eventId: event.id },
        `no address known for user ${userId}`,
      );
      return;
    }
    await this.emails.send(tx, {
      to: recipient.email,
      template: 'admin_role',
      eventId: event.id,
      email: adminRoleEmail({
        displayName: recipient.displayName,
        publicUrl: this.config.PUBLIC_URL,
      }),
    });
  }
}
