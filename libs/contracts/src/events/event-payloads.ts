import { type EventEnvelope } from './envelope';
import { type ModerationDecidedV1 } from './admin/moderation-decided-v1';
import { type ReportReceivedV1 } from './admin/report-received-v1';
import { type FieldCreatedV1 } from './fields/field-created-v1';
import { type FieldDeletedV1 } from './fields/field-deleted-v1';
import { type FieldUpdatedV1 } from './fields/field-updated-v1';
import { type ListingPublishedV1 } from './listings/listing-published-v1';
import { type ListingUpdatedV1 } from './listings/listing-updated-v1';
import { type ListingRemovedV1 } from './listings/listing-removed-v1';
import { type ListingReservedV1 } from './listings/listing-reserved-v1';
import { type ListingReleasedV1 } from './listings/listing-released-v1';
import { type ListingSoldV1 } from './listings/listing-sold-v1';
import { type ListingFavouritedV1 } from './listings/listing-favourited-v1';
import { type OrderCreatedV1 } from './orders/order-created-v1';
import { type OrderPaidV1 } from './orders/order-paid-v1';
import { type OrderShippedV1 } from './orders/order-shipped-v1';
import { type OrderCompletedV1 } from './orders/order-completed-v1';
import { type OrderCancelledV1 } from './orders/order-cancelled-v1';
import { type OrderRefundedV1 } from './orders/order-refunded-v1';
import { type OrderRefundFailedV1 } from './orders/order-refund-failed-v1';
import { type PayoutFailedV1 } from './orders/payout-failed-v1';
import { type OrderExpiredV1 } from './orders/order-expired-v1';
import { type OrderReminderV1 } from './orders/order-reminder-v1';
import { type ReviewPublishedV1 } from './orders/review-published-v1';
import { type DisputeOpenedV1 } from './orders/dispute-opened-v1';
import { type DisputeRespondedV1 } from './orders/dispute-responded-v1';
import { type DisputeEscalatedV1 } from './orders/dispute-escalated-v1';
import { type DisputeResolvedV1 } from './orders/dispute-resolved-v1';
import { type DisputeWithdrawnV1 } from './orders/dispute-withdrawn-v1';
import { type OfferMadeV1 } from './orders/offer-made-v1';
import { type OfferCounteredV1 } from './orders/offer-countered-v1';
import { type OfferAcceptedV1 } from './orders/offer-accepted-v1';
import { type OfferDeclinedV1 } from './orders/offer-declined-v1';
import { type OfferExpiredV1 } from './orders/offer-expired-v1';
import { type OfferWithdrawnV1 } from './orders/offer-withdrawn-v1';
import { type OfferClosedV1 } from './orders/offer-closed-v1';
import { type OfferPayReminderV1 } from './orders/offer-pay-reminder-v1';
import { type MessageSentV1 } from './messaging/message-sent-v1';
import { type UserRegisteredV1 } from './identity/user-registered-v1';
import { type UserVerificationRequestedV1 } from './identity/user-verification-requested-v1';
import { type UserVerifiedV1 } from './identity/user-verified-v1';
import { type UserPasswordResetRequestedV1 } from './identity/user-password-reset-requested-v1';
import { type UserSignUpAttemptedV1 } from './identity/user-sign-up-attempted-v1';
import { type UserSignInThrottledV1 } from './identity/user-sign-in-throttled-v1';
import { type UserProfileUpdatedV1 } from './identity/user-profile-updated-v1';
import { type UserRoleChangedV1 } from './identity/user-role-changed-v1';
import { type UserSuspendedV1 } from './identity/user-suspended-v1';
import { type UserDeletedV1 } from './identity/user-deleted-v1';
import { type UserReinstatedV1 } from './identity/user-reinstated-v1';

/**
 * Every event of the system: topic → payload. A breaking payload change is a new
 * entry with the next major version, never an edit of an existing one.
 */
export interface EventPayloads {
  'admin.report.received.v1': ReportReceivedV1;
  'admin.moderation.decided.v1': ModerationDecidedV1;
  'fields.field.created.v1': FieldCreatedV1;
  'fields.field.updated.v1': FieldUpdatedV1;
  'fields.field.deleted.v1': FieldDeletedV1;
  'identity.user.registered.v1': UserRegisteredV1;
  'identity.user.verification_requested.v1': UserVerificationRequestedV1;
  'identity.user.verified.v1': UserVerifiedV1;
  'identity.user.password_reset_requested.v1': UserPasswordResetRequestedV1;
  'identity.user.sign_up_attempted.v1': UserSignUpAttemptedV1;
  'identity.user.sign_in_throttled.v1': UserSignInThrottledV1;
  'identity.user.profile_updated.v1': UserProfileUpdatedV1;
  'identity.user.role_changed.v1': UserRoleChangedV1;
  'identity.user.suspended.v1': UserSuspendedV1;
  'identity.user.deleted.v1': UserDeletedV1;
  'identity.user.reinstated.v1': UserReinstatedV1;
  'listings.listing.published.v1': ListingPublishedV1;
  'listings.listing.updated.v1': ListingUpdatedV1;
  'listings.listing.removed.v1': ListingRemovedV1;
  'listings.listing.reserved.v1': ListingReservedV1;
  'listings.listing.released.v1': ListingReleasedV1;
  'listings.listing.sold.v1': ListingSoldV1;
  'listings.listing.favourited.v1': ListingFavouritedV1;
  'orders.order.created.v1': OrderCreatedV1;
  'orders.order.paid.v1': OrderPaidV1;
  'orders.order.shipped.v1': OrderShippedV1;
  'orders.order.completed.v1': OrderCompletedV1;
  'orders.order.cancelled.v1': OrderCancelledV1;
  'orders.order.refunded.v1': OrderRefundedV1;
  'orders.order.refund_failed.v1': OrderRefundFailedV1;
  'orders.order.expired.v1': OrderExpiredV1;
  'orders.order.reminder.v1': OrderReminderV1;
  'orders.review.published.v1': ReviewPublishedV1;
  'orders.dispute.opened.v1': DisputeOpenedV1;
  'orders.dispute.responded.v1': DisputeRespondedV1;
  'orders.dispute.escalated.v1': DisputeEscalatedV1;
  'orders.dispute.resolved.v1': DisputeResolvedV1;
  'orders.dispute.withdrawn.v1': DisputeWithdrawnV1;
  'orders.offer.made.v1': OfferMadeV1;
  'orders.offer.countered.v1': OfferCounteredV1;
  'orders.offer.accepted.v1': OfferAcceptedV1;
  'orders.offer.declined.v1': OfferDeclinedV1;
  'orders.offer.expired.v1': OfferExpiredV1;
  'orders.offer.withdrawn.v1': OfferWithdrawnV1;
  'orders.offer.closed.v1': OfferClosedV1;
  'orders.offer.pay_reminder.v1': OfferPayReminderV1;
  'orders.payout.failed.v1': PayoutFailedV1;
  'messaging.message.sent.v1': MessageSentV1;
}

export type EventTopic = keyof EventPayloads;
export type EventPayload<T extends EventTopic> = EventPayloads[T];
/** The envelope of one known event, payload typed by its topic. */
export type EventOf<T extends EventTopic> = EventEnvelope<T, EventPayloads[T]>;
/** Any known event; narrowing on `type` narrows `payload`. */
export type AnyEvent = { [T in EventTopic]: EventOf<T> }[EventTopic];

// A Record over EventTopic makes the compiler refuse a topic missing from this list.
const topics: Record<EventTopic, true> = {
  'admin.report.received.v1': true,
  'admin.moderation.decided.v1': true,
  'fields.field.created.v1': true,
  'fields.field.updated.v1': true,
  'fields.field.deleted.v1': true,
  'identity.user.registered.v1': true,
  'identity.user.verification_requested.v1': true,
  'identity.user.verified.v1': true,
  'identity.user.password_reset_requested.v1': true,
  'identity.user.sign_up_attempted.v1': true,
  'identity.user.sign_in_throttled.v1': true,
  'identity.user.profile_updated.v1': true,
  'identity.user.role_changed.v1': true,
  'identity.user.suspended.v1': true,
  'identity.user.reinstated.v1': true,
  'identity.user.deleted.v1': true,
  'listings.listing.published.v1': true,
  'listings.listing.updated.v1': true,
  'listings.listing.removed.v1': true,
  'listings.listing.reserved.v1': true,
  'listings.listing.released.v1': true,
  'listings.listing.sold.v1': true,
  'listings.listing.favourited.v1': true,
  'orders.order.created.v1': true,
  'orders.order.paid.v1': true,
  'orders.order.shipped.v1': true,
  'orders.order.completed.v1': true,
  'orders.order.cancelled.v1': true,
  'orders.order.refunded.v1': true,
  'orders.order.refund_failed.v1': true,
  'orders.order.expired.v1': true,
  'orders.order.reminder.v1': true,
  'orders.review.published.v1': true,
  'orders.dispute.opened.v1': true,
  'orders.dispute.responded.v1': true,
  'orders.dispute.escalated.v1': true,
  'orders.dispute.resolved.v1': true,
  'orders.dispute.withdrawn.v1': true,
  'orders.offer.made.v1': true,
  'orders.offer.countered.v1': true,
  'orders.offer.accepted.v1': true,
  'orders.offer.declined.v1': true,
  'orders.offer.expired.v1': true,
  'orders.offer.withdrawn.v1': true,
  'orders.offer.closed.v1': true,
  'orders.offer.pay_reminder.v1': true,
  'orders.payout.failed.v1': true,
  'messaging.message.sent.v1': true,
};

/** Every known topic, e.g. to create Kafka topics or validate a subscription. */
export const EVENT_TOPICS = Object.freeze(Object.keys(topics) as EventTopic[]);

export function isEventTopic(value: string): value is EventTopic {
  return Object.prototype.hasOwnProperty.call(topics, value);
}
