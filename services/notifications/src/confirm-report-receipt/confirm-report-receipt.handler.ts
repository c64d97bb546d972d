import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { reportReceivedEmail } from '../emails/templates/moderation-emails';
import { NotificationRepository } from '../inbox/persistence/notification.repository';

/**
 * Confirms a notice to its reporter (DSA art. 16(4)) with its reference: in the inbox when
 * signed in, by email to the address given otherwise. Once per event id.
 */
@Injectable()
export class ConfirmReportReceiptHandler {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async handle(tx: EntityManager, event: EventOf<'admin.report.received.v1'>): Promise<void> {
    const p = event.payload;
    if (p.reporterId) {
      await this.notifications.create(tx, {
        userId: p.reporterId,
        type: 'other',
        title: 'We received your report',
        message: `Reference ${p.reference}. An administrator will review it and tell you the outcome.`,
      });
      return;
    }
    if (!p.reporterEmail) return;
    await this.emails.send(tx, {
      to: p.reporterEmail,
      template: 'report_received',
      eventId: event.id,
      email: reportReceivedEmail({ reference: p.reference, subjectType: p.subjectType }),
    });
  }
}
