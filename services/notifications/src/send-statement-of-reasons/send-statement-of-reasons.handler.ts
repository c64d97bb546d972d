import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import {
  decisionHeadline,
  outcomeLine,
  reportOutcomeEmail,
  statementEmail,
} from '../emails/templates/moderation-emails';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/**
 * Sends a moderation decision's statement of reasons (DSA art. 17) to the affected user (in the
 * inbox and by email) unless nothing was restricted, and the outcome to every reporter under
 * their reference (inbox when signed in, email otherwise). Once per event id.
 */
@Injectable()
export class SendStatementOfReasonsHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly recipients: RecipientRepository,
    private readonly notifications: NotificationRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async handle(tx: EntityManager, event: EventOf<'admin.moderation.decided.v1'>): Promise<void> {
    const p = event.payload;
    if (p.affectedUserId && p.action !== 'dismiss') {
      const headline = decisionHeadline(p.action, p.subjectType);
      await this.notifications.create(tx, {
        userId: p.affectedUserId,
        type: 'other',
        title: headline,
        message: `${p.statement.facts} Ground: ${p.statement.ground}. ${p.statement.redress}`.slice(
          0,
          500,
        ),
      });
      const recipient = await this.recipients.find(tx, p.affectedUserId);
      if (recipient)
        await this.emails.send(tx, {
          to: recipient.email,
          template: 'moderation_statement',
          eventId: event.id,
          email: statementEmail({
            displayName: recipient.displayName,
            event: p,
            publicUrl: this.config.PUBLIC_URL,
          }),
        });
      else
        await this.emails.skip(
          tx,
          { to: null, template: 'moderation_statement', eventId: event.id },
          `no address known for user ${p.affectedUserId}`,
        );
    }
    for (const reporter of p.reporters) {
      if (reporter.userId) {
        await this.notifications.create(tx, {
          userId: reporter.userId,
          type: 'other',
          title: `Outcome of your report ${reporter.reference}`,
          message: `${outcomeLine(p.action)} ${p.statement.facts}`.slice(0, 500),
        });
        continue;
      }
      if (!reporter.email) continue;
      await this.emails.send(tx, {
        to: reporter.email,
        template: 'report_outcome',
        eventId: event.id,
        email: reportOutcomeEmail({ displayName: null, reference: reporter.reference, event: p }),
      });
    }
  }
}
