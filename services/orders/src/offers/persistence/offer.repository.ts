import { Injectable } from '@nestjs/common';
import {
  type DeliveryAddress,
  type DeliveryOption,
  type OfferClosedReason,
  type OfferStatus,
  type OrderStatus,
  type OfferStepKind,
} from '@loadout/contracts';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type Offer, type OfferActor, type OfferChange, type OfferStep } from '../domain/offer';
import { OfferRepository, type OfferChangeMeta } from '../domain/offer-repository.port';
import { OfferEvents } from './offer-events';

interface OfferRow {
  id: string;
  listing_id: string;
  listing_title: string;
  listing_photo_url: string | null;
  buyer_id: string;
  seller_id: string;
  asking_cents: number;
  amount_cents: number;
  status: OfferStatus;
  delivery: DeliveryOption;
  delivery_address: DeliveryAddress | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  order_id: string | null;
  closed_reason: OfferClosedReason | null;
  /** Joined on reads: the accepted offer's order. */
  order_status?: OrderStatus | null;
  order_pay_by?: Date | null;
  steps: {
    kind: OfferStepKind;
    by: OfferActor | 'system';
    amountCents: number | null;
    message: string | null;
    at: string;
  }[];
}

const toOffer = (r: OfferRow): Offer => ({
  id: r.id,
  listingId: r.listing_id,
  listingTitle: r.listing_title,
  listingPhotoUrl: r.listing_photo_url,
  buyerId: r.buyer_id,
  sellerId: r.seller_id,
  askingCents: Number(r.asking_cents),
  amountCents: Number(r.amount_cents),
  status: r.status,
  delivery: r.delivery,
  deliveryAddress: r.delivery_address,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  expiresAt: r.expires_at,
  orderId: r.order_id,
  closedReason: r.closed_reason ?? null,
  steps: r.steps.map((s) => ({ ...s, at: new Date(s.at) })),
  order: r.order_status ? { status: r.order_status, payBy: r.order_pay_by ?? null } : null,
});

/** Reads join the accepted offer's order (locks read the offer row alone). */
const WITH_ORDER = `SELECT f.*, o.status AS order_status, o.pay_by AS order_pay_by
  FROM orders.offers f LEFT JOIN orders.orders o ON o.id = f.order_id`;

const stepsJson = (steps: readonly OfferStep[]) =>
  JSON.stringify(steps.map((s) => ({ ...s, at: s.at.toISOString() })));

const ACTIVE = `status IN ('open', 'countered')`;

/**
 * `orders.offers` in plain SQL. The table is its own job queue: the expirer claims running
 * offers whose `expires_at` passed with `FOR UPDATE SKIP LOCKED` (offers_lapse_idx), and every
 * step locks the row first, so an accept and the expiry of the same offer serialise.
 */
@Injectable()
export class SqlOfferRepository extends OfferRepository {
  constructor(private readonly events: OfferEvents) {
    super();
  }

  private async one(tx: Tx, sql: string, params: unknown[]): Promise<Offer | null> {
    const rows = (await sqlOf(tx)(sql, params)) as OfferRow[];
    return rows[0] ? toOffer(rows[0]) : null;
  }

  find(tx: Tx, id: string): Promise<Offer | null> {
    return this.one(tx, `${WITH_ORDER} WHERE f.id = $1`, [id]);
  }

  lock(tx: Tx, id: string): Promise<Offer | null> {
    return this.one(tx, `SELECT * FROM orders.offers WHERE id = $1 FOR UPDATE`, [id]);
  }

  lockActive(tx: Tx, listingId: string, buyerId: string): Promise<Offer | null> {
    return this.one(
      tx,
      `SELECT * FROM orders.offers WHERE listing_id = $1 AND buyer_id = $2 AND ${ACTIVE}
        FOR UPDATE`,
      [listingId, buyerId],
    );
  }

  async insert(tx: Tx, change: OfferChange, meta: OfferChangeMeta): Promise<void> {
    const o = change.offer;
    await sqlOf(tx)(
      `INSERT INTO orders.offers (id, listing_id, listing_title, listing_photo_url, buyer_id,
         seller_id, asking_cents, amount_cents, status, delivery, delivery_address, created_at,
         updated_at, expires_at, order_id, steps)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        o.id,
        o.listingId,
        o.listingTitle,
        o.listingPhotoUrl,
        o.buyerId,
        o.sellerId,
        o.askingCents,
        o.amountCents,
        o.status,
        o.delivery,
        o.deliveryAddress ? JSON.stringify(o.deliveryAddress) : null,
        o.createdAt,
        o.updatedAt,
        o.expiresAt,
        o.orderId,
        stepsJson(o.steps),
      ],
    );
    await this.events.append(tx, change, meta);
  }

  async save(tx: Tx, change: OfferChange, meta: OfferChangeMeta): Promise<void> {
    const o = change.offer;
    await sqlOf(tx)(
      `UPDATE orders.offers SET amount_cents = $2, status = $3, updated_at = $4, expires_at = $5,
         order_id = $6, steps = $7, closed_reason = $8 WHERE id = $1`,
      [
        o.id,
        o.amountCents,
        o.status,
        o.updatedAt,
        o.expiresAt,
        o.orderId,
        stepsJson(o.steps),
        o.closedReason,
      ],
    );
    await this.events.append(tx, change, meta);
  }

  async lockRunningOnListing(tx: Tx, listingId: string): Promise<Offer[]> {
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.offers WHERE listing_id = $1 AND ${ACTIVE} ORDER BY id FOR UPDATE`,
      [listingId],
    )) as OfferRow[];
    return rows.map(toOffer);
  }

  claimLapsed(tx: Tx, now: Date): Promise<Offer | null> {
    return this.one(
      tx,
      `SELECT * FROM orders.offers WHERE ${ACTIVE} AND expires_at <= $1
        ORDER BY expires_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
  }

  async listFor(tx: Tx, userId: string, role: OfferActor, limit: number): Promise<Offer[]> {
    const column = role === 'buyer' ? 'buyer_id' : 'seller_id';
    const rows = (await sqlOf(tx)(
      `${WITH_ORDER} WHERE f.${column} = $1 ORDER BY f.updated_at DESC, f.id DESC LIMIT $2`,
      [userId, limit],
    )) as OfferRow[];
    return rows.map(toOffer);
  }
}
