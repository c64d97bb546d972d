import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { shippingDetailsRequired } from '../domain/order.errors';
import { OrderAccess } from '../order-access';
import { OrderLifecycle } from '../order-lifecycle';
import { OrderRepository } from '../persistence/order.repository';
import { type ShipOrderDto } from './ship-order.dto';

/** The seller marks a paid order shipped: carrier + tracking, or handed over in person. */
@Injectable()
export class ShipOrderHandler {
  constructor(
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly lifecycle: OrderLifecycle,
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
    const order = await this.orders.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      await this.lifecycle.ship(
        tx,
        order,
        actor,
        inPerson
          ? { carrier: null, trackingNumber: null, handedOverInPerson: true }
          : { carrier, trackingNumber, handedOverInPerson: false },
        { actorId: user.id, requestId },
      );
      return order;
    });
    return this.access.view(order);
  }
}
