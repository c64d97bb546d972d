import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type DeliveryOption,
  type IrishCounty,
  type ListingDto,
  type ListingOrderCommand,
  type ListingOutcomeFacts,
  type ListingStatus,
  listingOutcomeOf,
} from '@loadout/contracts';

/** The seller's name the stand-in shows on every listing. */
export const STAND_IN_SELLER_NAME = 'Test Seller';

export interface StandInListing {
  id: string;
  sellerId: string;
  status: ListingStatus;
  title: string;
  priceCents: number;
  postageCents: number | null;
  collection: boolean;
  /** The listing's county (where collection happens). */
  county: IrishCounty | null;
  sellerType: 'private' | 'trader';
  reservedOrderId: string | null;
  soldOrderId: string | null;
}

/**
 * A tiny HTTP stand-in of the two listings endpoints orders calls: the public
 * `GET /api/v1/listings/{id}` and the internal reserve/release/sold commands, with the same
 * answers (idempotent by order id, 409 when held for another order, token checked).
 * Used by the tests of orders' own logic; node handles one request at a time, like the row
 * lock in listings, so exactly one of concurrent reserves wins.
 */
export class ListingsStandIn {
  readonly listings = new Map<string, StandInListing>();
  readonly calls: { command: string; listingId: string; orderId: string }[] = [];
  /** The ids of the listing pages read (`GET /api/v1/listings/{id}`), in order. */
  readonly reads: string[] = [];
  /** Orders' outcome events the stand-in consumed, and what each did (ADR 0044). */
  readonly consumed: { topic: string; listingId: string; orderId: string; changed: boolean }[] = [];
  /** Set to make the next commands fail with 503 (listings down). */
  failing = false;
  /** Runs just before a reserve is applied (e.g. the seller edits the listing meanwhile). */
  beforeReserve: ((l: StandInListing) => void) | null = null;
  /** Answer a reserve this late (after applying it): an answer that is slow or lost. */
  delayReserveMs = 0;
  /**
   * Lose the answers of the next reserves: each is applied, then its connection is cut before
   * the answer (the caller cannot tell whether it happened; issue 23, ADR 0049).
   */
  loseReserveAnswers = 0;
  private server!: Server;
  url = '';

  constructor(private readonly token: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, body, lost }) => {
          if (lost) {
            res.socket?.destroy();
            return;
          }
          res.statusCode = status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(body));
        },
        (err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        },
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  add(l: StandInListing): StandInListing {
    this.listings.set(l.id, l);
    return l;
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; body: unknown; lost?: boolean }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = req.url ?? '';
    const view = /^\/api\/v1\/listings\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && view) {
      const l = this.listings.get(decodeURIComponent(view[1]!));
      this.reads.push(decodeURIComponent(view[1]!));
      if (!l || l.status === 'draft' || l.status === 'removed')
        return { status: 404, body: { code: 'LISTINGS.NOT_FOUND', message: 'Not found.' } };
      return { status: 200, body: this.dto(l) };
    }
    const cmd = /^\/internal\/listings\/([^/]+)\/(reserve|release|sold)$/.exec(url);
    if (req.method === 'POST' && cmd) {
      if (req.headers['x-internal-token'] !== this.token)
        return { status: 401, body: { code: 'LISTINGS.INTERNAL_TOKEN_INVALID', message: 'no' } };
      if (this.failing)
        return { status: 503, body: { code: 'COMMON.UNAVAILABLE', message: 'down' } };
      const { orderId, buyerId, delivery } = JSON.parse(
        Buffer.concat(chunks).toString('utf8'),
      ) as ListingOrderCommand;
      const l = this.listings.get(decodeURIComponent(cmd[1]!));
      this.calls.push({ command: cmd[2]!, listingId: cmd[1]!, orderId });
      if (!l) return { status: 404, body: { code: 'LISTINGS.NOT_FOUND', message: 'Not found.' } };
      if (cmd[2] === 'reserve') this.beforeReserve?.(l);
      const refusal = cmd[2] === 'reserve' ? this.refusal(l, orderId, buyerId, delivery) : null;
      if (refusal) return refusal;
      const answer = this.command(l, cmd[2] as 'reserve' | 'release' | 'sold', orderId);
      if (cmd[2] === 'reserve' && this.delayReserveMs > 0)
        await new Promise((r) => setTimeout(r, this.delayReserveMs));
      if (cmd[2] === 'reserve' && this.loseReserveAnswers > 0) {
        this.loseReserveAnswers--;
        return { ...answer, lost: true };
      }
      return answer;
    }
    return { status: 404, body: { code: 'COMMON.NOT_FOUND', message: 'Not found.' } };
  }

  /**
   * Listings' consumer of orders' outcomes (ADR 0044), deciding by the same rule listings does
   * (`listingOutcomeOf` in `@loadout/contracts`: completed → sold; cancelled, expired or a full
   * refund with `relist` → released; a full refund without it → sold; a refund's confirmation,
   * `refundPending: false`, changes nothing, ADR 0042). Idempotent by order id like the commands.
   */
  consume(topic: string, p: { orderId: string; listingId: string } & ListingOutcomeFacts): void {
    const command = listingOutcomeOf(topic, p);
    if (!command) return;
    const l = this.listings.get(p.listingId);
    const answer = l ? this.command(l, command, p.orderId) : null;
    const changed = answer?.status === 200 && 'changed' in answer.body && answer.body.changed;
    this.consumed.push({ topic, listingId: p.listingId, orderId: p.orderId, changed });
  }

  /** What listings refuses before holding anything for a named buyer (ADR 0056). */
  private refusal(
    l: StandInListing,
    orderId: string,
    buyerId: string | undefined,
    delivery: DeliveryOption | undefined,
  ) {
    if (!buyerId) return null;
    if (l.status === 'draft' || l.status === 'removed')
      return { status: 404, body: { code: 'LISTINGS.NOT_FOUND', message: 'Not found.' } };
    const conflict = (code: string, message: string) => ({ status: 409, body: { code, message } });
    if (buyerId === l.sellerId)
      return conflict('LISTINGS.OWN_LISTING', 'A seller cannot reserve their own listing.');
    const heldByThis = l.status === 'reserved' && l.reservedOrderId === orderId;
    if (l.status !== 'active' && !heldByThis) return null; // the command's own 409
    if (
      (delivery === 'post' && l.postageCents === null) ||
      (delivery === 'collection' && !l.collection)
    )
      return conflict('LISTINGS.DELIVERY_UNAVAILABLE', 'Not offered that way.');
    return null;
  }

  private command(l: StandInListing, command: 'reserve' | 'release' | 'sold', orderId: string) {
    const heldByThis = l.status === 'reserved' && l.reservedOrderId === orderId;
    const terms =
      command === 'reserve'
        ? {
            sellerId: l.sellerId,
            title: l.title,
            priceCents: l.priceCents,
            postageCents: l.postageCents,
            collection: l.collection,
            county: l.county,
            thumbUrl: `/images/${l.id}/400.webp`,
            sellerDisplayName: STAND_IN_SELLER_NAME,
            sellerType: l.sellerType,
          }
        : undefined;
    const ok = () => ({
      status: 200,
      body: { listingId: l.id, status: l.status, changed: true, terms },
    });
    const noop = () => ({
      status: 200,
      body: { listingId: l.id, status: l.status, changed: false, terms },
    });
    const conflict = () => ({
      status: 409,
      body: { code: 'LISTINGS.NOT_AVAILABLE', message: 'This listing is not available.' },
    });
    switch (command) {
      case 'reserve':
        if (heldByThis) return noop();
        if (l.status !== 'active') return conflict();
        l.status = 'reserved';
        l.reservedOrderId = orderId;
        return ok();
      case 'release':
        if (!heldByThis) return l.status === 'active' ? noop() : conflict();
        l.status = 'active';
        l.reservedOrderId = null;
        return ok();
      case 'sold':
        if (l.status === 'sold' && l.soldOrderId === orderId) return noop();
        if (!heldByThis) return conflict();
        l.status = 'sold';
        l.soldOrderId = orderId;
        return ok();
    }
  }

  private dto(l: StandInListing): Partial<ListingDto> {
    return {
      id: l.id,
      title: l.title,
      priceCents: l.priceCents,
      status: l.status,
      sellerId: l.sellerId,
      shipping: { postageCents: l.postageCents, collection: l.collection },
      county: l.county,
      thumbUrl: `/images/${l.id}/thumb.webp`,
      images: [
        {
          id: 'img',
          url: `/images/${l.id}/1200.webp`,
          thumbUrl: `/images/${l.id}/400.webp`,
          width: 1200,
          height: 900,
        },
      ],
      seller: {
        id: l.sellerId,
        username: 'seller',
        displayName: STAND_IN_SELLER_NAME,
        county: 'Dublin',
        sellerType: l.sellerType,
        memberSince: '2026-01-01',
      },
    };
  }
}
