import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { AppError } from '@loadout/errors';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { EmailLogRepository } from './persistence/email-log.repository';
import { type RenderedEmail } from './templates/email-layout';
import { type EmailTemplateName as IdentityTemplateName } from './templates/identity-emails';
import { type OrderEmailTemplateName } from './templates/order-emails';
import { type DisputeEmailTemplateName } from './templates/dispute-emails';
import { type OfferEmailTemplateName } from './templates/offer-emails';
import { type ReviewEmailTemplateName } from './templates/review-emails';
import { type EngagementEmailTemplateName } from './templates/engagement-emails';
import { type ModerationEmailTemplateName } from './templates/moderation-emails';

type EmailTemplateName =
  | IdentityTemplateName
  | OrderEmailTemplateName
  | DisputeEmailTemplateName
  | OfferEmailTemplateName
  | ReviewEmailTemplateName
  | EngagementEmailTemplateName
  | ModerationEmailTemplateName;

export interface EmailToSend {
  to: string;
  template: EmailTemplateName;
  /** The event that asked for the email; null for mail not caused by an event. */
  eventId: string | null;
  email: RenderedEmail;
}

/**
 * Sends one rendered email through the mail port and records it in `email_log`.
 * Logs and log rows name the template and event, never the body or link (they carry tokens).
 */
@Injectable()
export class SendEmailHandler {
  private readonly logger = new Logger(SendEmailHandler.name);

  constructor(
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
    private readonly log: EmailLogRepository,
  ) {}

  /**
   * `tx` is the consumer's transaction: the `sent` row commits with the inbox row. A failed
   * attempt is recorded outside it (that transaction rolls back) and the error is rethrown so
   * the consumer retries.
   */
  async send(tx: EntityManager, input: EmailToSend): Promise<void> {
    const { to, template, eventId, email } = input;
    try {
      await this.sender.send({
        to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.headers ? { headers: email.headers } : {}),
      });
    } catch (err) {
      await this.log
        .recordAlone({ to, template, eventId, status: 'failed' })
        .catch(() => undefined);
      this.logger.warn(`${template} email for event ${eventId ?? '-'} failed: ${reason(err)}`);
      throw err;
    }
    await this.log.record(tx, { to, template, eventId, status: 'sent' });
    this.logger.log(`${template} email sent for event ${eventId ?? '-'}`);
  }

  /** Records an email that could not be sent at all (e.g. no address known). */
  async skip(
    tx: EntityManager,
    input: { to: string | null; template: EmailTemplateName; eventId: string | null },
    why: string,
  ): Promise<void> {
    await this.log.record(tx, { ...input, status: 'skipped' });
    this.logger.warn(`${input.template} email for event ${input.eventId ?? '-'} skipped: ${why}`);
  }
}

// Adapter errors are AppErrors with codes only; anything else is reduced to its name.
const reason = (err: unknown) =>
  err instanceof AppError
    ? `${err.code}: ${err.message}`
    : err instanceof Error
      ? err.name
      : 'error';
