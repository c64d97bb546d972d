import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { passwordResetEmail } from '../emails/templates/identity-emails';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/** The reset link, to the account's address (remembered for later emails). */
@Injectable()
export class SendPasswordResetEmailHandler {
  constructor(
    private readonly recipients: RecipientRepository,
    private readonly emails: SendEmailHandler,
  ) {}

  async passwordResetRequested(
    tx: EntityManager,
    event: EventOf<'identity.user.password_reset_requested.v1'>,
  ) {
    const p = event.payload;
    await this.recipients.rememberFrom(tx, event);
    await this.emails.send(tx, {
      to: p.email,
      template: 'password_reset',
      eventId: event.id,
      email: passwordResetEmail(p),
    });
  }
}
