import {
  type DeliveryOption,
  type IrishCounty,
  type OrderActor,
  type OrderStatus,
  type SellerType,
} from '@loadout/contracts';
import { Order, type ChargebackStatus, type OrderProps, type TimelineEntry } from '../domain/order';
import { type OrderTimelineEntity } from './order-timeline.entity';
import { type OrderEntity } from './order.entity';

/** A stored row → the aggregate (the row's strings are the domain's unions by the schema). */
export const toOrder = (e: OrderEntity): Order =>
  Order.restore({
    ...e,
    status: e.status as OrderStatus,
    delivery: e.delivery as DeliveryOption,
    sellerType: e.sellerType as SellerType,
    statusBeforeDispute: e.statusBeforeDispute as OrderProps['statusBeforeDispute'],
    chargebackStatus: e.chargebackStatus as ChargebackStatus | null,
    collectionCounty: e.collectionCounty as IrishCounty | null,
  });

export const toTimelineEntry = (
  t: Pick<OrderTimelineEntity, 'status' | 'actor' | 'note'> & { at: Date | string },
): TimelineEntry => ({
  status: t.status as OrderStatus,
  actor: t.actor as OrderActor,
  note: t.note,
  at: t.at instanceof Date ? t.at : new Date(t.at),
});
