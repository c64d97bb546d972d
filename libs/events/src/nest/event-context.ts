import { type EventEnvelope } from '@loadout/contracts';
import { type SqlExecutor } from '@loadout/db';
import { BaseRpcContext } from '@nestjs/microservices';

/**
 * What `@Ctx()` gives an `@EventPattern` handler on the event servers: the envelope, the
 * transaction that already holds the inbox row (write the effect through it), and the
 * attempt number (1 on first delivery).
 */
export class EventContext<TX extends SqlExecutor = SqlExecutor> extends BaseRpcContext<
  [EventEnvelope, TX, number]
> {
  private failure: { error: unknown } | null = null;

  getEnvelope(): EventEnvelope {
    return this.args[0];
  }

  getTransaction(): TX {
    return this.args[1];
  }

  getAttempt(): number {
    return this.args[2];
  }

  /** Set by EventFailureInterceptor: Nest's RPC filters replace the thrown error. */
  recordFailure(error: unknown): void {
    this.failure = { error };
  }

  get recordedFailure(): { error: unknown } | null {
    return this.failure;
  }
}
