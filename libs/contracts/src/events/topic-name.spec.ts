import { EVENT_TOPICS, isEventTopic, parseTopic, topicName } from './index';

describe('topic names', () => {
  it('splits a topic into service, aggregate, event and major version', () => {
    expect(parseTopic('identity.user.profile_updated.v2')).toEqual({
      service: 'identity',
      aggregate: 'user',
      event: 'profile_updated',
      version: 2,
    });
  });

  it('rejects names that break the <service>.<aggregate>.<event>.v<major> rule', () => {
    for (const bad of [
      'fields.field.created',
      'fields.created.v1',
      'Fields.field.created.v1',
      'fields.field.created.v0',
      'a.b.c.d.v1',
    ]) {
      expect(parseTopic(bad)).toBeNull();
    }
  });

  it('builds a name from its parts and refuses an invalid one', () => {
    expect(topicName({ service: 'orders', aggregate: 'order', event: 'shipped', version: 1 })).toBe(
      'orders.order.shipped.v1',
    );
    expect(() =>
      topicName({ service: 'orders', aggregate: 'order', event: 'Shipped', version: 1 }),
    ).toThrow(/not a valid topic/);
  });

  it('lists every known topic, each a valid name', () => {
    expect(EVENT_TOPICS).toEqual([
      'admin.report.received.v1',
      'admin.moderation.decided.v1',
      'fields.field.created.v1',
      'fields.field.updated.v1',
      'fields.field.deleted.v1',
      'identity.user.registered.v1',
      'identity.user.verification_requested.v1',
      'identity.user.verified.v1',
      'identity.user.password_reset_requested.v1',
      'identity.user.sign_up_attempted.v1',
      'identity.user.sign_in_throttled.v1',
      'identity.user.profile_updated.v1',
      'identity.user.role_changed.v1',
      'identity.user.suspended.v1',
      'identity.user.reinstated.v1',
      'identity.user.deleted.v1',
      'listings.listing.published.v1',
      'listings.listing.updated.v1',
      'listings.listing.removed.v1',
      'listings.listing.reserved.v1',
      'listings.listing.released.v1',
      'listings.listing.sold.v1',
      'listings.listing.favourited.v1',
      'orders.order.created.v1',
      'orders.order.paid.v1',
      'orders.order.shipped.v1',
      'orders.order.completed.v1',
      'orders.order.cancelled.v1',
      'orders.order.refunded.v1',
      'orders.order.refund_failed.v1',
      'orders.order.expired.v1',
      'orders.order.reminder.v1',
      'orders.review.published.v1',
      'orders.dispute.opened.v1',
      'orders.dispute.responded.v1',
      'orders.dispute.escalated.v1',
      'orders.dispute.resolved.v1',
      'orders.dispute.withdrawn.v1',
      'orders.offer.made.v1',
      'orders.offer.countered.v1',
      'orders.offer.accepted.v1',
      'orders.offer.declined.v1',
      'orders.offer.expired.v1',
      'orders.offer.withdrawn.v1',
      'orders.offer.closed.v1',
      'orders.offer.pay_reminder.v1',
      'orders.payout.failed.v1',
      'messaging.message.sent.v1',
    ]);
    for (const t of EVENT_TOPICS) expect(parseTopic(t)).not.toBeNull();
  });

  it('recognises known topics only', () => {
    expect(isEventTopic('fields.field.deleted.v1')).toBe(true);
    expect(isEventTopic('fields.field.archived.v1')).toBe(false);
    expect(isEventTopic('toString')).toBe(false);
  });
});
