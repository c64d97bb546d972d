// Over 400 lines on purpose: a stand-in for each Stripe endpoint the adapter calls, with the
// state they share (payment intents, charges, transfers, refunds, accounts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request the stand-in received, as the SDK sent it. */
export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body exactly as sent. */
  rawBody: string;
  /** The same body decoded into nested objects (`a[b]=c` → `{ a: { b: 'c' } }`). */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  /** True when the answer was a replay of an earlier call with the same idempotency key. */
  replayed: boolean;
}

type Obj = Record<string, unknown> & { id: string };
type Answer = { status: number; body: unknown };

/** Payment method ids of Stripe's test mode the stand-in knows. */
export const STAND_IN_CARDS = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
} as const;

/**
 * A small local HTTP stand-in of exactly the Stripe endpoints the adapter calls:
 * `/v1/payment_intents` (create, retrieve, confirm, cancel), `/v1/charges` (retrieve), `/v1/refunds`
 * (a made refund can fail later: `failRefund`), `/v1/transfers` (and
 * their `reversals`), `/v1/accounts`
 * (create, retrieve) and `/v1/account_links`. It decodes the SDK's form-encoded bodies,
 * honours `Idempotency-Key` like Stripe (same key and body → the first answer again, no second
 * effect; same key with other parameters → 400) and records every call. It checks what Stripe
 * would refuse for our use (a transfer needs an existing destination and a succeeded source
 * charge with enough left; a refund cannot exceed the charge). It does not model fees,
 * balances, payouts, 3-D Secure, webhook delivery or any other endpoint.
 */
export class StripeStandIn {
  readonly calls: StripeCall[] = [];
  readonly paymentIntents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj & { amount: number; amount_refunded: number }>();
  readonly transfers = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly accounts = new Map<string, Obj>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private transferredFrom = new Map<string, number>();
  private seq = 0;
  private server!: Server;
  /** While set, `POST /v1/payment_intents` waits for it (a slow or hanging Stripe). */
  private stall: Promise<void> | null = null;
  url = '';

  constructor(private readonly secretKey = 'sk_test_stand_in') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, body }) => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json');
          res.setHeader('request-id', `req_${++this.seq}`);
          res.end(JSON.stringify(body));
        },
        (err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        },
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Makes every PaymentIntent create wait (as a slow Stripe does, up to the SDK's timeout)
   * until the returned function is called.
   */
  stallPaymentIntentCreates(): () => void {
    let release!: () => void;
    this.stall = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.stall = null;
      release();
    };
  }

  callsTo(method: string, path: string): StripeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  /** The buyer's bank confirms: the PaymentIntent succeeds with a charge. */
  succeed(paymentIntentId: string): Obj {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (!pi) throw new Error(`no ${paymentIntentId}`);
    const charge = this.newCharge(pi);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    return pi;
  }

  /** The attempt is declined: the PaymentIntent asks for another payment method. */
  fail(paymentIntentId: string, declineCode = 'generic_decline'): Obj {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (!pi) throw new Error(`no ${paymentIntentId}`);
    Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: cardError(declineCode),
    });
    return pi;
  }

  /**
   * A PaymentIntent made outside the adapter's own call (an earlier attempt of another build,
   * a second tab): `amount` cents for `orderId`, waiting for a payment method.
   */
  createIntentFor(orderId: string, amount: number): Obj {
    const answer = this.createPaymentIntent({
      amount: String(amount),
      currency: 'eur',
      transfer_group: orderId,
      metadata: { order_id: orderId },
    });
    return answer.body as Obj;
  }

  /**
   * A refund made in the Stripe dashboard (not through the API Loadout calls): refunds
   * `amount` cents (default: all that is left) of the PaymentIntent's charge and returns the
   * charge as the `charge.refunded` event carries it.
   */
  refundInDashboard(paymentIntentId: string, amount?: number): Obj {
    const answer = this.createRefund({
      payment_intent: paymentIntentId,
      ...(amount !== undefined && { amount: String(amount) }),
    });
    if (answer.status !== 200)
      throw new Error(`stand-in refund refused: ${JSON.stringify(answer)}`);
    const pi = this.paymentIntents.get(paymentIntentId)!;
    return { ...this.charges.get(pi.latest_charge as string)!, metadata: {} };
  }

  /**
   * A refund fails after it was made (Stripe's `charge.refund.updated` with status `failed`,
   * e.g. the card was closed): its amount is no longer refunded on the charge. Returns the
   * refund as the event carries it.
   */
  failRefund(refundId: string, reason = 'expired_or_canceled_card'): Obj {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no ${refundId}`);
    if (refund.status === 'failed') return refund;
    const charge = this.charges.get(refund.charge as string)!;
    charge.amount_refunded -= refund.amount as number;
    charge.refunded = charge.amount_refunded === charge.amount;
    Object.assign(refund, { status: 'failed', failure_reason: reason });
    return refund;
  }

  submitDetails(accountId: string): Obj {
    const acct = this.accounts.get(accountId);
    if (!acct) throw new Error(`no ${accountId}`);
    Object.assign(acct, { details_submitted: true, capabilities: { transfers: 'pending' } });
    return acct;
  }

  /** The seller finished Connect onboarding. */
  completeAccount(accountId: string): Obj {
    const acct = this.accounts.get(accountId);
    if (!acct) throw new Error(`no ${accountId}`);
    Object.assign(acct, {
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
    });
    return acct;
  }

  private async handle(req: IncomingMessage): Promise<Answer> {
    const rawBody = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    const params = decodeForm(rawBody);
    const key = headerOf(req, 'idempotency-key');
    const call: StripeCall = {
      method,
      path,
      rawBody,
      params,
      idempotencyKey: key,
      replayed: false,
    };
    this.calls.push(call);
    if (this.stall && method === 'POST' && path === '/v1/payment_intents') await this.stall;
    if (headerOf(req, 'authorization') !== `Bearer ${this.secretKey}`)
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');

    if (method === 'POST' && key) {
      const fingerprint = `${path} ${rawBody}`;
      const seen = this.idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        call.replayed = true;
        return seen.answer;
      }
      const answer = this.route(method, path, params);
      // Stripe keeps the first answer of a key, errors included (except 5xx).
      this.idempotent.set(key, { fingerprint, answer });
      return answer;
    }
    return this.route(method, path, params);
  }

  private route(method: string, path: string, p: Record<string, unknown>): Answer {
    const action = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/(confirm|cancel)$/.exec(path);
    if (method === 'POST' && action) {
      const pi = this.paymentIntents.get(action[1]!);
      if (!pi) return missing(action[1]!);
      return action[2] === 'confirm' ? this.confirmPaymentIntent(pi, p) : this.cancelIntent(pi);
    }
    const reversal = /^\/v1\/transfers\/([A-Za-z0-9_]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal) {
      const transfer = this.transfers.get(reversal[1]!);
      return transfer ? this.reverseTransfer(transfer, p) : missing(reversal[1]!);
    }
    const one = /^\/v1\/(payment_intents|accounts|charges)\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && one) {
      const store =
        one[1] === 'payment_intents'
          ? this.paymentIntents
          : one[1] === 'charges'
            ? this.charges
            : this.accounts;
      const found = store.get(one[2]!);
      return found ? ok(found) : missing(one[2]!);
    }
    if (method !== 'POST')
      return stripeError(404, 'invalid_request_error', 'Unrecognized request URL.');
    switch (path) {
      case '/v1/payment_intents':
        return this.createPaymentIntent(p);
      case '/v1/refunds':
        return this.createRefund(p);
      case '/v1/transfers':
        return this.createTransfer(p);
      case '/v1/accounts':
        return this.createAccount(p);
      case '/v1/account_links': {
        const account = String(p.account ?? '');
        if (!this.accounts.has(account)) return missing(account);
        return ok({
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/e/${account}/${++this.seq}`,
        });
      }
      default:
        return stripeError(404, 'invalid_request_error', 'Unrecognized request URL.');
    }
  }

  private createPaymentIntent(p: Record<string, unknown>): Answer {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(
        400,
        'invalid_request_error',
        'Amount must be at least €0.50 eur',
        'amount',
      );
    // As Stripe on API 2026-10-28.endive: `payment_method_types` is gone, and the allowed list
    // excludes automatic methods.
    if (p.payment_method_types !== undefined)
      return stripeError(
        400,
        'invalid_request_error',
        'payment_method_types is no longer supported on this API version.',
        'payment_method_types',
      );
    if (p.automatic_payment_methods && p.allowed_payment_method_types)
      return stripeError(
        400,
        'invalid_request_error',
        'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.',
      );
    const id = this.id('pi');
    const pi: Obj = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${this.seq}`,
      transfer_group: p.transfer_group ?? null,
      metadata: p.metadata ?? {},
      automatic_payment_methods: p.automatic_payment_methods ?? null,
      allowed_payment_method_types: p.allowed_payment_method_types
        ? Object.values(p.allowed_payment_method_types as Record<string, string>)
        : null,
      payment_method: p.payment_method ?? null,
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    };
    this.paymentIntents.set(id, pi);
    if (p.confirm === 'true' && p.payment_method) {
      if (p.payment_method === STAND_IN_CARDS.declined) {
        this.fail(id, 'generic_decline');
        return {
          status: 402,
          body: { error: { ...cardError('generic_decline'), payment_intent: pi } },
        };
      }
      this.succeed(id);
    }
    return ok(pi);
  }

  /** Confirms an open PaymentIntent with a payment method (a retry after a decline). */
  private confirmPaymentIntent(pi: Obj, p: Record<string, unknown>): Answer {
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation')
      return unexpectedState(pi);
    pi.payment_method = p.payment_method ?? pi.payment_method;
    if (pi.payment_method === STAND_IN_CARDS.declined) {
      this.fail(pi.id, 'generic_decline');
      return {
        status: 402,
        body: { error: { ...cardError('generic_decline'), payment_intent: pi } },
      };
    }
    if (!pi.payment_method) return stripeError(400, 'invalid_request_error', 'No payment method.');
    this.succeed(pi.id);
    return ok(pi);
  }

  /** Cancels a PaymentIntent that has not succeeded (Stripe refuses a succeeded one). */
  private cancelIntent(pi: Obj): Answer {
    if (pi.status === 'succeeded' || pi.status === 'canceled') return unexpectedState(pi);
    Object.assign(pi, { status: 'canceled', cancellation_reason: 'requested_by_customer' });
    return ok(pi);
  }

  private createRefund(p: Record<string, unknown>): Answer {
    const pi = p.payment_intent ? this.paymentIntents.get(String(p.payment_intent)) : undefined;
    const chargeId = pi ? (pi.latest_charge as string | null) : String(p.charge ?? '');
    const charge = chargeId ? this.charges.get(chargeId) : undefined;
    if (!charge)
      return stripeError(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
      );
    if (p.amount === undefined && charge.amount_refunded === charge.amount)
      return stripeError(
        400,
        'invalid_request_error',
        `Charge ${String(charge.id)} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount =
      p.amount === undefined ? charge.amount - charge.amount_refunded : Number(p.amount);
    if (amount <= 0 || charge.amount_refunded + amount > charge.amount)
      return stripeError(
        400,
        'invalid_request_error',
        'Refund amount is greater than unrefunded amount on charge.',
        'amount',
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Obj = {
      id: this.id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      metadata: p.metadata ?? {},
    };
    this.refunds.set(refund.id, refund);
    return ok(refund);
  }

  private createTransfer(p: Record<string, unknown>): Answer {
    const destination = String(p.destination ?? '');
    if (!this.accounts.has(destination)) return missing(destination, 'destination');
    const source = String(p.source_transaction ?? '');
    const charge = this.charges.get(source);
    if (!charge) return missing(source, 'source_transaction');
    const amount = Number(p.amount);
    const used = this.transferredFrom.get(source) ?? 0;
    if (
      !Number.isInteger(amount) ||
      amount <= 0 ||
      used + amount > charge.amount - charge.amount_refunded
    )
      return stripeError(
        400,
        'invalid_request_error',
        'Insufficient funds in the source transaction.',
        'amount',
      );
    this.transferredFrom.set(source, used + amount);
    const transfer: Obj = {
      id: this.id('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: p.currency,
      destination,
      source_transaction: source,
      transfer_group: p.transfer_group ?? null,
      metadata: p.metadata ?? {},
      reversed: false,
    };
    this.transfers.set(transfer.id, transfer);
    return ok(transfer);
  }

  /** `POST /v1/transfers/:id/reversals`: takes `amount` (default: the rest) back. */
  private reverseTransfer(transfer: Obj, p: Record<string, unknown>): Answer {
    const left = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return stripeError(
        400,
        'invalid_request_error',
        'Amount is greater than the amount that can be reversed on this transfer.',
        'amount',
      );
    transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return ok({
      id: this.id('trr'),
      object: 'transfer_reversal',
      amount,
      transfer: transfer.id,
      metadata: p.metadata ?? {},
    });
  }

  private createAccount(p: Record<string, unknown>): Answer {
    const account: Obj = {
      id: this.id('acct'),
      object: 'account',
      type: p.type,
      country: p.country,
      email: p.email ?? null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      metadata: p.metadata ?? {},
    };
    this.accounts.set(account.id, account);
    return ok(account);
  }

  private newCharge(pi: Obj) {
    const charge = {
      id: this.id('ch'),
      object: 'charge',
      amount: pi.amount as number,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi.id,
      transfer_group: pi.transfer_group,
      metadata: pi.metadata,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private id(prefix: string): string {
    return `${prefix}_${String(++this.seq).padStart(6, '0')}standin`;
  }
}

const now = () => Math.floor(Date.now() / 1000);
const unexpectedState = (pi: Obj): Answer =>
  stripeError(
    400,
    'invalid_request_error',
    `This PaymentIntent's status is ${String(pi.status)}.`,
    undefined,
    'payment_intent_unexpected_state',
  );
const ok = (body: unknown): Answer => ({ status: 200, body });
const missing = (id: string, param?: string): Answer =>
  stripeError(404, 'invalid_request_error', `No such object: '${id}'`, param, 'resource_missing');

function stripeError(
  status: number,
  type: string,
  message: string,
  param?: string,
  code?: string,
): Answer {
  return {
    status,
    body: { error: { type, message, ...(param && { param }), ...(code && { code }) } },
  };
}

function cardError(declineCode: string) {
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message: 'Your card was declined.',
  };
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Decodes Stripe's form encoding: `metadata[order_id]=x&expand[0]=y` into nested objects. */
export function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((s) => s !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}
