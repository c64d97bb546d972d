import { type EventEnvelope } from '@loadout/contracts';
import { type SqlExecutor } from '@loadout/db';
import { inConsumerSpan } from '@loadout/tracing';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { describeError, quoteSchema, rowsOf } from '../internal/sql';
import { type EventHandler } from '../transport/event-transport';
import { type TransactionRunner } from './transaction-runner';

export interface IdempotentConsumerOptions<TX extends SqlExecutor> {
  /** Consumer group name; the inbox and dead-letter rows are keyed by it. */
  consumer: string;
  /** The consuming service's schema (holds `inbox` and `dead_letter`). */
  schema: string;
  db: TransactionRunner<TX>;
  /** Handler runs before the envelope is dead-lettered; default 5. */
  maxAttempts?: number;
  /** First retry delay, doubled per attempt; default 200 ms. */
  retryDelayMs?: number;
  /** Cap of the retry delay; default 10 000 ms. */
  maxRetryDelayMs?: number;
  /**
   * `false` for a group whose handlers write nothing to the service's database and may run
   * twice for one event (retiring cache keys): no inbox row and no transaction per event, so a
   * redelivered event runs again. Their `tx` refuses every statement. Retries and dead letters
   * as for any group (ADR 0061). Default `true`.
   */
  inbox?: boolean;
  logger?: EventsLogger;
}

/** The effect of one event, written through `tx` (the transaction holding the inbox row). */
export type EventEffect<TX extends SqlExecutor, E extends EventEnvelope = EventEnvelope> = (
  envelope: E,
  tx: TX,
  attempt: number,
) => Promise<void>;

export type ConsumeOutcome = 'processed' | 'duplicate' | 'dead-lettered';

/** Delay before attempt `attempt + 1`: exponential from `base`, capped at `max`. */
export function retryDelay(attempt: number, base: number, max: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), max);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The `tx` of a group without an inbox: every statement is a mistake of the handler. */
function refusingExecutor(consumer: string): SqlExecutor {
  return {
    query: () =>
      Promise.reject(
        new Error(
          `consumer group "${consumer}" has no inbox: its handlers must not write to the database`,
        ),
      ),
  };
}

/**
 * Runs each event's effect at most once per consumer group: the inbox row and the
 * effect share one transaction, so a redelivered or duplicated event finds the row and
 * is skipped. A failing effect is retried; after `maxAttempts` the envelope is stored in
 * `dead_letter` (together with its inbox row, so redelivery does not revive it) and
 * the consumer moves on. A group created with `inbox: false` runs the effect on every delivery,
 * without a transaction (ADR 0061).
 */
export class IdempotentConsumer<TX extends SqlExecutor = SqlExecutor> {
  private readonly logger: EventsLogger;
  private readonly maxAttempts: number;
  private readonly table: { inbox: string; deadLetter: string };
  /** The `tx` handed to the handlers of a group without an inbox; null for every other group. */
  private readonly noInbox: TX | null;

  constructor(private readonly options: IdempotentConsumerOptions<TX>) {
    const s = quoteSchema(options.schema);
    this.table = { inbox: `${s}."inbox"`, deadLetter: `${s}."dead_letter"` };
    this.logger = options.logger ?? defaultLogger(`IdempotentConsumer:${options.consumer}`);
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.noInbox = options.inbox === false ? (refusingExecutor(options.consumer) as TX) : null;
  }

  get consumer(): string {
    return this.options.consumer;
  }

  /**
   * Runs `effect` once for `envelope` (see the class). With tracing on, inside a CONSUMER span
   * that continues the trace recorded in the envelope (`traceparent`), so the handler's SQL and
   * calls join the request that wrote the event (ADR 0040).
   */
  process<E extends EventEnvelope>(
    envelope: E,
    effect: EventEffect<TX, E>,
  ): Promise<ConsumeOutcome> {
    return inConsumerSpan(
      {
        name: `${envelope.type} process`,
        traceparent: envelope.traceparent,
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.destination.name': envelope.type,
          'messaging.consumer.group.name': this.consumer,
          'messaging.message.id': envelope.id,
          'loadout.correlation_id': envelope.correlationId,
        },
      },
      () => this.processOnce(envelope, effect),
    );
  }

  private async processOnce<E extends EventEnvelope>(
    envelope: E,
    effect: EventEffect<TX, E>,
  ): Promise<ConsumeOutcome> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      try {
        if (this.noInbox) {
          await effect(envelope, this.noInbox, attempt);
          return 'processed';
        }
        const fresh = await this.options.db.transaction(async (tx) => {
          if (!(await this.claim(tx, envelope))) return false;
          await effect(envelope, tx, attempt);
          return true;
        });
        return fresh ? 'processed' : 'duplicate';
      } catch (err) {
        lastError = err;
        this.logger.warn(
          `${this.consumer}: attempt ${attempt}/${this.maxAttempts} failed for event ${envelope.id} (${envelope.type}): ${describeError(err)}`,
        );
        if (attempt < this.maxAttempts) {
          await sleep(
            retryDelay(
              attempt,
              this.options.retryDelayMs ?? 200,
              this.options.maxRetryDelayMs ?? 10_000,
            ),
          );
        }
      }
    }
    // If this write fails too, the error reaches the transport, which redelivers later.
    await this.deadLetter(envelope, lastError);
    this.logger.error(
      `${this.consumer}: event ${envelope.id} (${envelope.type}) moved to ${this.options.schema}.dead_letter after ${this.maxAttempts} attempts: ${describeError(lastError)}`,
    );
    return 'dead-lettered';
  }

  /** A transport handler that runs `effect` through this consumer. */
  handler<E extends EventEnvelope = EventEnvelope>(effect: EventEffect<TX, E>): EventHandler {
    return async (envelope) => {
      await this.process(envelope as E, effect);
    };
  }

  /**
   * Inserts the inbox row; false when it exists. A concurrent duplicate blocks on the
   * primary key until the first transaction ends, then sees the row (or takes over if
   * the first one rolled back).
   */
  private async claim(tx: TX, envelope: EventEnvelope): Promise<boolean> {
    const result = await tx.query(
      `INSERT INTO ${this.table.inbox} ("consumer", "event_id", "topic") VALUES ($1, $2, $3)
       ON CONFLICT ("consumer", "event_id") DO NOTHING
       RETURNING "event_id"`,
      [this.consumer, envelope.id, envelope.type],
    );
    return rowsOf(result).length === 1;
  }

  private async deadLetter(envelope: EventEnvelope, error: unknown): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ${this.table.deadLetter} ("event_id", "consumer", "topic", "envelope", "error", "attempts")
         VALUES ($1, $2, $3, $4::jsonb, $5, $6)
         ON CONFLICT ("consumer", "event_id") DO UPDATE
           SET "error" = EXCLUDED."error",
               "attempts" = ${this.table.deadLetter}."attempts" + EXCLUDED."attempts",
               "created_at" = now()`,
        [
          envelope.id,
          this.consumer,
          envelope.type,
          JSON.stringify(envelope),
          describeError(error),
          this.maxAttempts,
        ],
      );
      await tx.query(
        `INSERT INTO ${this.table.inbox} ("consumer", "event_id", "topic") VALUES ($1, $2, $3)
         ON CONFLICT ("consumer", "event_id") DO NOTHING`,
        [this.consumer, envelope.id, envelope.type],
      );
    });
  }
}
