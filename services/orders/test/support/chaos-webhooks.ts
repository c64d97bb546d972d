import { stripeEvent } from '../factories/stripe-event.factory';
import { type StripeStandIn } from './stripe-stand-in';

type Event = ReturnType<typeof stripeEvent>;

interface Pending {
  event: Event;
  /** Delivered with a 200 once already (a duplicate copy still to come). */
  deliveredOnce: boolean;
}

/**
 * Stripe's webhook delivery, at least once and in no order: `collect()` turns what changed in
 * the Stripe stand-in since the last look into events (a PaymentIntent that succeeded or was
 * declined, a charge refunded further, a payout account whose capability changed), each with a
 * snapshot of the object as it was then. `pump()` delivers them badly: some held back
 * (reordered, late), some attempts dropped (Stripe retries later), some delivered twice, the
 * rest of a round all at once (concurrent deliveries). An event leaves the queue only after
 * a 200 — as Stripe redelivers until then — so `flush()` eventually delivers each at least once.
 */
export class ChaosWebhooks {
  readonly queue: Pending[] = [];
  readonly stats = { emitted: 0, delivered: 0, held: 0, dropped: 0, duplicated: 0, refused: 0 };
  /** Answers other than 200, by status ('none': no answer, e.g. during a crash). */
  readonly refusals: Record<string, number> = {};
  private readonly seenIntents = new Map<string, string>();
  private readonly seenCharges = new Map<string, number>();
  private readonly seenAccounts = new Map<string, string>();

  constructor(
    private readonly stripe: StripeStandIn,
    private readonly random: () => number,
  ) {}

  collect(): void {
    for (const pi of this.stripe.paymentIntents.values()) {
      const error = pi.last_payment_error as { decline_code?: string } | null;
      const seen = `${String(pi.status)}:${String(pi.latest_charge)}:${error?.decline_code ?? ''}`;
      if (this.seenIntents.get(pi.id) === seen) continue;
      this.seenIntents.set(pi.id, seen);
      if (pi.status === 'succeeded') this.emit('payment_intent.succeeded', pi);
      else if (pi.status === 'requires_payment_method' && error)
        this.emit('payment_intent.payment_failed', pi);
    }
    for (const charge of this.stripe.charges.values()) {
      const before = this.seenCharges.get(charge.id) ?? 0;
      if (charge.amount_refunded === before) continue;
      this.seenCharges.set(charge.id, charge.amount_refunded);
      this.emit('charge.refunded', charge);
    }
    for (const account of this.stripe.accounts.values()) {
      const seen = JSON.stringify(account.capabilities);
      if (this.seenAccounts.get(account.id) === seen) continue;
      const first = !this.seenAccounts.has(account.id);
      this.seenAccounts.set(account.id, seen);
      if (!first) this.emit('account.updated', account);
    }
  }

  /** One chaotic round; `deliver` answers the HTTP status (null: no answer at all). */
  async pump(deliver: (event: Event) => Promise<number | null>): Promise<void> {
    this.collect();
    const round: Pending[] = [];
    for (const p of shuffle([...this.queue], this.random)) {
      const r = this.random();
      if (r < 0.25) this.stats.held++;
      else if (r < 0.35) {
        // Stripe's attempt never arrived: the event stays queued for a later redelivery.
        this.stats.dropped++;
      } else round.push(p);
    }
    await Promise.all(round.map((p) => this.attempt(p, deliver, 0.15)));
  }

  /** Stripe's redeliveries: every queued event until it is answered 200 (faults off by then). */
  async flush(deliver: (event: Event) => Promise<number | null>, tries = 5): Promise<void> {
    this.collect();
    for (let i = 0; i < tries && this.queue.length > 0; i++)
      for (const p of [...this.queue]) await this.attempt(p, deliver, 0);
  }

  private async attempt(
    p: Pending,
    deliver: (event: Event) => Promise<number | null>,
    duplicateRate: number,
  ): Promise<void> {
    const status = await deliver(p.event).catch(() => null);
    if (status !== 200) {
      this.stats.refused++;
      const key = String(status ?? 'none');
      this.refusals[key] = (this.refusals[key] ?? 0) + 1;
      return;
    }
    this.stats.delivered++;
    if (!p.deliveredOnce && this.random() < duplicateRate) {
      p.deliveredOnce = true;
      this.stats.duplicated++;
      return;
    }
    const i = this.queue.indexOf(p);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private emit(type: string, object: Record<string, unknown>): void {
    this.stats.emitted++;
    this.queue.push({ event: stripeEvent(type, structuredClone(object)), deliveredOnce: false });
  }
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
