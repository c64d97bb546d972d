import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { signUpAttemptEmail } from '../emails/templates/identity-emails';

/** A sign-up with an address that has an account: the owner hears of it (no enumeration). */
@Injectable()
export class WarnOfSignUpAttemptHandler {
  constructor(private readonly emails: SendEmailHandler) {}

  async signUpAttempted(tx: EntityManager, event: EventOf<'identity.user.sign_up_attempted.v1'>) {
    const p = event.payload;
    await this.emails.send(tx, {
      to: p.email,
      template: 'sign_up_attempt',
      eventId: event.id,
      email: signUpAttemptEmail(p),
    });
  }
}
