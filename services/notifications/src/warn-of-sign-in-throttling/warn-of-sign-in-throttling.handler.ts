import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { SendEmailHandler } from '../emails/send-email.handler';
import { signInThrottledEmail } from '../emails/templates/identity-emails';

/** Wrong passwords for an account, from anywhere (ADR 0021): a security email, always sent. */
@Injectable()
export class WarnOfSignInThrottlingHandler {
  constructor(private readonly emails: SendEmailHandler) {}

  async signInThrottled(tx: EntityManager, event: EventOf<'identity.user.sign_in_throttled.v1'>) {
    const p = event.payload;
    await this.emails.send(tx, {
      to: p.email,
      template: 'sign_in_throttled',
      eventId: event.id,
      email: signInThrottledEmail(p),
    });
  }
}
