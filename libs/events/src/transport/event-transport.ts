import { type EventEnvelope } from '@loadout/contracts';

/**
 * Receives one envelope. Resolving commits the consumer group's offset past it;
 * rejecting leaves the offset where it was, so the same envelope is delivered again.
 */
export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Where a group with no committed offset starts: the oldest retained event (default,
   * so a new read model can be built from history) or only events published from now on.
   */
  fromBeginning?: boolean;
}

/**
 * The port between the outbox relay / consumers and a message log.
 *
 * Guarantees every adapter must keep (see test/transport.contract.ts):
 * - at-least-once delivery to each consumer group (consumers deduplicate on `id`);
 * - order per `aggregateId` within a topic;
 * - one handler call at a time per group and key, however many instances share the group.
 */
export interface EventTransport {
  /** Appends envelopes to their topics (`envelope.type`), keyed by `aggregateId`, in order. */
  publish(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** Starts delivering `topics` to `handler` as member of consumer group `group`. */
  subscribe(
    group: string,
    topics: readonly string[],
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<void>;
  /** Stops every subscription (waiting for handlers in flight) and releases connections. */
  close(): Promise<void>;
}
