import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';

/** A new account's address and name; later, its new display name. */
@Injectable()
export class RememberRecipientHandler {
  constructor(private readonly recipients: RecipientRepository) {}

  async registered(tx: EntityManager, event: EventOf<'identity.user.registered.v1'>) {
    const { userId, email, fullName, username } = event.payload;
    await this.recipients.remember(tx, {
      userId,
      email,
      displayName: fullName,
      // Identity shows a new account by its username until a display name is chosen.
      publicName: username,
      occurredAt: event.occurredAt,
    });
  }

  async profileUpdated(tx: EntityManager, event: EventOf<'identity.user.profile_updated.v1'>) {
    const { userId, displayName } = event.payload;
    await this.recipients.rename(tx, { userId, displayName, occurredAt: event.occurredAt });
  }
}
