import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { type DeliveryAddress } from '@loadout/contracts';

const timestamp = { type: 'timestamptz', nullable: true } as const;

/** An order still open, as the one-open-order-per-listing index and its queries spell it. */
export const ORDER_IS_OPEN = `"status" IN ('pending_payment', 'paid', 'shipped', 'disputed')`;

@Entity({ name: 'orders' })
@Index('orders_one_open_per_listing', ['listingId'], {
  unique: true,
  where: ORDER_IS_OPEN,
})
@Index('orders_buyer_idx', ['buyerId', 'createdAt', 'id'])
@Index('orders_seller_idx', ['sellerId', 'createdAt', 'id'])
@Check('orders_total_sums', `"total_cents" = "item_cents" + "postage_cents" + "fee_cents"`)
@Check('orders_seller_sums', `"seller_receives_cents" = "item_cents" + "postage_cents"`)
export class OrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'listing_id', type: 'varchar', length: 36 })
  listingId!: string;

  @Column({ name: 'buyer_id', type: 'varchar', length: 64 })
  buyerId!: string;

  @Column({ name: 'seller_id', type: 'varchar', length: 64 })
  sellerId!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: string;

  @Column({ type: 'varchar', length: 12 })
  delivery!: string;

  @Column({ name: 'item_cents', type: 'integer' })
  itemCents!: number;

  @Column({ name: 'postage_cents', type: 'integer' })
  postageCents!: number;

  @Column({ name: 'fee_cents', type: 'integer' })
  feeCents!: number;

  @Column({ name: 'total_cents', type: 'integer' })
  totalCents!: number;

  @Column({ name: 'seller_receives_cents', type: 'integer' })
  sellerReceivesCents!: number;

  @Column({ name: 'listing_title', type: 'varchar', length: 120 })
  listingTitle!: string;

  @Column({ name: 'listing_photo_url', type: 'varchar', length: 500, nullable: true })
  listingPhotoUrl!: string | null;

  @Column({ name: 'seller_display_name', type: 'varchar', length: 120 })
  sellerDisplayName!: string;

  @Column({ name: 'seller_type', type: 'varchar', length: 10 })
  sellerType!: string;

  /** Post orders: the address snapshotted at checkout (ADR 0029). */
  @Column({ name: 'delivery_address', type: 'jsonb', nullable: true })
  deliveryAddress!: DeliveryAddress | null;

  /**
   * When the address above was erased (ADR 0039): 90 days after the order was final, or at once
   * when the buyer deleted their account. Written only by the privacy area's SQL; the order
   * aggregate never reads it (an erased address is simply none).
   */
  @Column({ name: 'delivery_address_erased_at', type: 'timestamptz', nullable: true })
  deliveryAddressErasedAt?: Date | null;

  /** What is kept of an erased address: its county. */
  @Column({ name: 'delivery_area', type: 'varchar', length: 20, nullable: true })
  deliveryArea?: string | null;

  @Column({ name: 'collection_county', type: 'varchar', length: 20, nullable: true })
  collectionCounty!: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  carrier!: string | null;

  @Column({ name: 'tracking_number', type: 'varchar', length: 60, nullable: true })
  trackingNumber!: string | null;

  @Column({ name: 'handed_over_in_person', type: 'boolean', default: false })
  handedOverInPerson!: boolean;

  @Column({ name: 'cancel_reason', type: 'varchar', length: 500, nullable: true })
  cancelReason!: string | null;

  @Column({ name: 'payment_id', type: 'varchar', length: 120, nullable: true })
  paymentId!: string | null;

  @Column({ name: 'charge_id', type: 'varchar', length: 120, nullable: true })
  chargeId!: string | null;

  @Column({ name: 'last_payment_error_code', type: 'varchar', length: 60, nullable: true })
  lastPaymentErrorCode!: string | null;

  @Column({ name: 'last_payment_error_message', type: 'varchar', length: 300, nullable: true })
  lastPaymentErrorMessage!: string | null;

  @Column({ name: 'refunded_cents', type: 'integer', default: 0 })
  refundedCents!: number;

  /** Refunds asked and not confirmed yet (= the ledger's `refund_pending`, ADR 0042). */
  @Column({ name: 'refund_pending_cents', type: 'integer', default: 0 })
  refundPendingCents!: number;

  /** What the processor confirmed refunded on the charge, in all. */
  @Column({ name: 'refund_confirmed_cents', type: 'integer', default: 0 })
  refundConfirmedCents!: number;

  /** Failed refunds held in escrow again until their retry asks again. */
  @Column({ name: 'refund_due_cents', type: 'integer', default: 0 })
  refundDueCents!: number;

  @Column({ name: 'refund_failures', type: 'integer', default: 0 })
  refundFailures!: number;

  @Column({ name: 'last_refund_error', type: 'varchar', length: 300, nullable: true })
  lastRefundError!: string | null;

  /** Payment attempts so far; names the idempotency key of the next (`order:<id>:pay:<n>`). */
  @Column({ name: 'payment_attempts', type: 'integer', default: 0 })
  paymentAttempts!: number;

  /** The processor is being asked for this attempt (issue 23 sc. 5); null between calls. */
  @Column({ name: 'payment_started_at', ...timestamp })
  paymentStartedAt!: Date | null;

  @Column({ name: 'pay_by', ...timestamp })
  payBy!: Date | null;

  @Column({ name: 'ship_by', ...timestamp })
  shipBy!: Date | null;

  @Column({ name: 'auto_release_at', ...timestamp })
  autoReleaseAt!: Date | null;

  @Column({ name: 'paid_at', ...timestamp })
  paidAt!: Date | null;

  @Column({ name: 'shipped_at', ...timestamp })
  shippedAt!: Date | null;

  @Column({ name: 'completed_at', ...timestamp })
  completedAt!: Date | null;

  /** When it reached a final state other than completed (cancelled, expired, refunded). */
  @Column({ name: 'closed_at', ...timestamp })
  closedAt!: Date | null;

  /** While disputed: `paid` or `shipped`, the state a withdrawn dispute returns to. */
  @Column({ name: 'status_before_dispute', type: 'varchar', length: 24, nullable: true })
  statusBeforeDispute!: string | null;

  /** A card chargeback: `open`, `won` or `lost`. */
  @Column({ name: 'chargeback_status', type: 'varchar', length: 12, nullable: true })
  chargebackStatus!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
