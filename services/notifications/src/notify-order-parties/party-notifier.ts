import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { SendEmailHandler } from '../emails/send-email.handler';
import { type RenderedEmail } from '../emails/templates/email-layout';
import { type DisputeEmailTemplateName } from '../emails/templates/dispute-emails';
import { type OfferEmailTemplateName } from '../emails/templates/offer-emails';
import { type OrderEmailTemplateName } from '../emails/templates/order-emails';
import { type ReviewEmailTemplateName } from '../emails/templates/review-emails';
import { type NotificationType } from '../inbox/domain/notification-type';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/** One party's notice: in-app always, an email when `email` is given. */
export interface PartyNotice {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  navigateTo: string;
  /** False for an email only (the party did it themselves: no bell notice about it). */
  inApp?: boolean;
  email?: {
    template:
      | OrderEmailTemplateName
      | DisputeEmailTemplateName
      | OfferEmailTemplateName
      | ReviewEmailTemplateName;
    render: (displayName: string | null) => RenderedEmail;
  };
}

/**
 * Tells one party of an order (or its dispute) what happened: the in-app notification, and the
 * email to the address identity last told us (skipped and logged when none is known). Runs in
 * the consumer's transaction (once per event id).
 */
@Injectable()
export class PartyNotifier {
  constructor(
    private readonly recipients: RecipientRepository,
    private readonly notifications: NotificationRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async notify(tx: EntityManager, eventId: string, n: PartyNotice): Promise<void> {
    if (n.inApp !== false) {
      await this.notifications.create(tx, {
        userId: n.userId,
        type: n.type,
        title: n.title,
        message: n.message.slice(0, 500),
        navigateTo: n.navigateTo,
      });
    }
    if (!n.email) return;
    const recipient = await this.recipients.find(tx, n.userId);
    if (!recipient) {
      await this.emails.skip(
        tx,
        { to: null, template: n.email.template, eventId },
        `no address known for user ${n.userId}`,
      );
      return;
    }
    await this.emails.send(tx, {
      to: recipient.email,
      template: n.email.template,
      eventId,
      email: n.email.render(recipient.displayName),
    });
  }
}
