import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { SendEmailHandler } from '../emails/send-email.handler';
import { type RenderedEmail } from '../emails/templates/email-layout';
import { type EngagementEmailTemplateName } from '../emails/templates/engagement-emails';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { type OptionalEmailKind } from './domain/email-kinds';
import { EmailPreferenceRepository } from './persistence/email-preference.repository';
import { UnsubscribeTokens } from './unsubscribe/unsubscribe-tokens';

export const unsubscribePath = '/api/v1/notifications/unsubscribe';

/**
 * Sends a non-essential email if the user wants that kind, with a signed one-click
 * unsubscribe link. An opted-out or unknown recipient is logged `skipped` in `email_log`.
 */
@Injectable()
export class OptionalEmailSender {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly preferences: EmailPreferenceRepository,
    private readonly recipients: RecipientRepository,
    private readonly tokens: UnsubscribeTokens,
    private readonly emails: SendEmailHandler,
  ) {}

  async send(
    tx: EntityManager,
    input: {
      userId: string;
      kind: OptionalEmailKind;
      template: EngagementEmailTemplateName;
      eventId: string;
      render: (i: { displayName: string | null; unsubscribeUrl: string }) => RenderedEmail;
    },
  ): Promise<void> {
    const { userId, kind, template, eventId } = input;
    if (!(await this.preferences.wants(tx, userId, kind))) {
      return this.emails.skip(tx, { to: null, template, eventId }, `opted out of ${kind} emails`);
    }
    const recipient = await this.recipients.find(tx, userId);
    if (!recipient) {
      return this.emails.skip(
        tx,
        { to: null, template, eventId },
        `no address known for user ${userId}`,
      );
    }
    const token = await this.tokens.sign(userId, kind);
    const unsubscribeUrl = `${this.config.PUBLIC_URL}${unsubscribePath}?token=${token}`;
    await this.emails.send(tx, {
      to: recipient.email,
      template,
      eventId,
      email: input.render({ displayName: recipient.displayName, unsubscribeUrl }),
    });
  }
}
