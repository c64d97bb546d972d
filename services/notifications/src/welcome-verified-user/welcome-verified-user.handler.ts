import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { welcomeEmail } from '../emails/templates/identity-emails';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

export const WELCOME_NOTIFICATION = {
  type: 'other',
  title: 'Welcome to Loadout',
  message: 'Your email is verified. Complete your profile so other players know who you are.',
  navigateTo: '/profile',
} as const;

/** A verified account gets an in-app welcome and a welcome email. */
@Injectable()
export class WelcomeVerifiedUserHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly recipients: RecipientRepository,
    private readonly emails: SendEmailHandler,
    private readonly notifications: NotificationRepository,
  ) {}

  async verified(tx: EntityManager, event: EventOf<'identity.user.verified.v1'>) {
    const { userId, email } = event.payload;
    await this.recipients.remember(tx, {
      userId,
      email,
      displayName: null,
      publicName: null,
      occurredAt: event.occurredAt,
    });
    const recipient = await this.recipients.find(tx, userId);
    await this.notifications.create(tx, { userId, ...WELCOME_NOTIFICATION });
    await this.emails.send(tx, {
      to: email,
      template: 'welcome',
      eventId: event.id,
      email: welcomeEmail({
        displayName: recipient?.displayName ?? null,
        publicUrl: this.config.PUBLIC_URL,
      }),
    });
  }
}
