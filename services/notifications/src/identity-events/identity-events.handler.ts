import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import {
  adminRoleEmail,
  passwordResetEmail,
  signUpAttemptEmail,
  verificationEmail,
  welcomeEmail,
} from '../emails/templates/identity-emails';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { RecipientRepository } from './persistence/recipient.repository';

export const WELCOME_NOTIFICATION = {
  type: 'other',
  title: 'Welcome to Loadout',
  message: 'Your email is verified. Complete your profile so other players know who you are.',
  navigateTo: '/profile',
} as const;

/**
 * What identity's events cause here. Each method runs inside the consumer's transaction
 * (`tx` holds the inbox row), so database effects commit once per event; the email itself is
 * at-least-once (sent last, just before the log row commits).
 */
@Injectable()
export class IdentityEventsHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly recipients: RecipientRepository,
    private readonly emails: SendEmailHandler,
    private readonly notifications: NotificationRepository,
  ) {}

  async registered(tx: EntityManager, event: EventOf<'identity.user.registered.v1'>) {
    const { userId, email, fullName } = event.payload;
    await this.recipients.remember(tx, {
      userId,
      email,
      displayName: fullName,
      occurredAt: event.occurredAt,
    });
  }

  async verificationRequested(
    tx: EntityManager,
    event: EventOf<'identity.user.verification_requested.v1'>,
  ) {
    const p = event.payload;
    await this.recipients.remember(tx, {
      userId: p.userId,
      email: p.email,
      displayName: p.displayName,
      occurredAt: event.occurredAt,
    });
    await this.emails.send(tx, {
      to: p.email,
      template: 'verification',
      eventId: event.id,
      email: verificationEmail(p),
    });
  }

  async passwordResetRequested(
    tx: EntityManager,
    event: EventOf<'identity.user.password_reset_requested.v1'>,
  ) {
    const p = event.payload;
    await this.recipients.remember(tx, {
      userId: p.userId,
      email: p.email,
      displayName: p.displayName,
      occurredAt: event.occurredAt,
    });
    await this.emails.send(tx, {
      to: p.email,
      template: 'password_reset',
      eventId: event.id,
      email: passwordResetEmail(p),
    });
  }

  async signUpAttempted(tx: EntityManager, event: EventOf<'identity.user.sign_up_attempted.v1'>) {
    const p = event.payload;
    await this.emails.send(tx, {
      to: p.email,
      template: 'sign_up_attempt',
      eventId: event.id,
      email: signUpAttemptEmail(p),
    });
  }

  async verified(tx: EntityManager, event: EventOf<'identity.user.verified.v1'>) {
    const { userId, email } = event.payload;
    await this.recipients.remember(tx, {
      userId,
      email,
      displayName: null,
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

  async profileUpdated(tx: EntityManager, event: EventOf<'identity.user.profile_updated.v1'>) {
    const { userId, displayName } = event.payload;
    await this.recipients.rename(tx, { userId, displayName, occurredAt: event.occurredAt });
  }
}
