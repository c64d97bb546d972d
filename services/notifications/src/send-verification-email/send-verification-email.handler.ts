import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { verificationEmail } from '../emails/templates/identity-emails';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/** The verification link, to the address being verified (remembered for later emails). */
@Injectable()
export class SendVerificationEmailHandler {
  constructor(
    private readonly recipients: RecipientRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async verificationRequested(
    tx: EntityManager,
    event: EventOf<'identity.user.verification_requested.v1'>,
  ) {
    const p = event.payload;
    await this.recipients.rememberFrom(tx, event);
    await this.emails.send(tx, {
      to: p.email,
      template: 'verification',
      eventId: event.id,
      email: verificationEmail(p),
    });
  }
}
