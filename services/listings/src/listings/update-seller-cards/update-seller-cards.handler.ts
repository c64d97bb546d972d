import { Injectable } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { type EventOf } from '@loadout/contracts';
import { SellerRepository } from '../persistence/seller.repository';

/**
 * Keeps the sellers read model from identity's events, inside the consumer's transaction
 * (older events never overwrite newer data: see `SellerRepository.upsertFromEvent`).
 */
@Injectable()
export class UpdateSellerCardsHandler {
  constructor(private readonly sellers: SellerRepository) {}

  async registered(tx: Tx, event: EventOf<'identity.user.registered.v1'>) {
    const p = event.payload;
    await this.sellers.upsertFromEvent(tx, {
      id: p.userId,
      username: p.username,
      displayName: p.fullName,
      county: null,
      countyKnown: false,
      sellerType: p.sellerType,
      occurredAt: event.occurredAt,
    });
  }

  async profileUpdated(tx: Tx, event: EventOf<'identity.user.profile_updated.v1'>) {
    const p = event.payload;
    await this.sellers.upsertFromEvent(tx, {
      id: p.userId,
      username: p.username,
      displayName: p.displayName,
      county: p.county,
      countyKnown: true,
      sellerType: p.sellerType,
      occurredAt: event.occurredAt,
    });
  }
}
