import { type DisputeOrigin } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type Order } from '../../escrow/domain/order';
import { type ChangeMeta } from '../../escrow/domain/order-repository.port';
import { type Dispute, type DisputeChange } from './dispute';

export interface DisputeMessage {
  id: string;
  disputeId: string;
  authorId: string;
  authorRole: 'buyer' | 'seller' | 'admin';
  body: string;
  at: Date;
}

/**
 * Disputes and their threads. `save` stores one `DisputeChange` whole in the caller's
 * transaction: the row, its escalation deadline (a job of the order) and its events.
 */
export abstract class DisputeRepository {
  abstract findById(tx: Tx, id: string): Promise<Dispute | null>;
  /** The dispute, locked until the transaction ends (lock its order first). */
  abstract lock(tx: Tx, id: string): Promise<Dispute | null>;
  /** The order's disputes that still hold it (open, responded, escalated). */
  abstract activeForOrder(tx: Tx, orderId: string, origin?: DisputeOrigin): Promise<Dispute[]>;
  abstract findByProcessorId(tx: Tx, processorDisputeId: string): Promise<Dispute | null>;
  /** A user's disputes as buyer or seller (chargebacks are admins' only), newest first. */
  abstract listFor(
    tx: Tx,
    userId: string,
    role: 'buyer' | 'seller' | null,
    limit: number,
  ): Promise<Dispute[]>;
  abstract save(tx: Tx, change: DisputeChange, order: Order, meta: ChangeMeta): Promise<void>;
  abstract messages(tx: Tx, disputeId: string): Promise<DisputeMessage[]>;
  abstract addMessage(tx: Tx, message: Omit<DisputeMessage, 'id' | 'at'>): Promise<DisputeMessage>;
}
