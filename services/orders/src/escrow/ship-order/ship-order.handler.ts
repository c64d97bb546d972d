import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { DEADLINE_RULES } from '../../orders.config';
import { type DeadlineRules } from '../domain/deadlines';
import { shippingDetailsRequired } from '../domain/order.errors';
import { OrderAccess } from '../order-access';
import { type ShipOrderDto } from './ship-order.dto';

/** The seller marks a paid order shipped: carrier + tracking, or handed over in person. */
@Injectable()
export class ShipOrderHandler {
  constructor(
    @Inject(DEADLINE_RULES) private readonly rules: DeadlineRules,
    private readonly access: OrderAccess,
  ) {}

  async ship(
    id: string,
    input: ShipOrderDto,
    user: AuthUser,
    requestId?: string,
  ): Promise<OrderView> {
    const inPerson = input.handedOverInPerson === true;
    const carrier = input.carrier?.trim() || null;
    const trackingNumber = input.trackingNumber?.trim() || null;
    if (!inPerson && (!carrier || !trackingNumber)) throw shippingDetailsRequired();
    const shipment = inPerson
      ? { carrier: null, trackingNumber: null, handedOverInPerson: true }
      : { carrier, trackingNumber, handedOverInPerson: false };
    const { change, actor, timeline } = await this.access.transition(
      id,
      user,
      (order, actor) => ({ change: order.ship(actor, shipment, new Date(), this.rules) }),
      { actorId: user.id, requestId },
    );
    return this.access.viewOf(change.order, timeline, actor);
  }
}
