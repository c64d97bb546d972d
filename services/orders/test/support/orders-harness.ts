import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import {
  type DeliveryAddressInput,
  type OrderView,
  type PayOrderResponse,
  type SimulatedCardInput,
} from '@loadout/contracts';
import { type TestDatabase } from '@loadout/db/testing';
import {
  startServiceUnderTest,
  type CallInit,
  type ServiceUnderTest,
} from '@loadout/service-kit/testing';
import { CheckLedgerHandler } from '../../src/escrow/check-ledger/check-ledger.handler';
import { OrdersWorker } from '../../src/escrow/run-deadlines/orders-worker';
import { type OrdersConfig } from '../../src/orders.config';
import { ordersService } from '../../src/orders.service';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type TransferInput,
} from '../../src/payments/payment-provider.port';
import { buildAddress } from '../factories/address.factory';
import { buildListing } from '../factories/listing.factory';
import { buildUser, type TestUser } from '../factories/user.factory';
import { ListingsStandIn, type StandInListing } from './listings-stand-in';

export const INTERNAL_TOKEN = 'internal-test-token-0123456789';

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ErrorBody {
  code: string;
  message: string;
  requestId: string;
}

/**
 * One orders app per test file (the kit's service under test: throwaway database, test issuer),
 * with the listings stand-in and the simulated processor. The worker loop and the consumer
 * group are off: tests `drain()` the worker, so every asynchronous step (payment events,
 * deadlines, side effects) happens when they say.
 */
export class OrdersHarness {
  service!: ServiceUnderTest<OrdersConfig>;
  listings!: ListingsStandIn;
  /** Every transfer the payment provider was asked for. */
  readonly transfers: TransferInput[] = [];

  get db(): TestDatabase {
    return this.service.db;
  }
  get issuer(): TestIssuer {
    return this.service.issuer;
  }
  get config(): OrdersConfig {
    return this.service.config;
  }
  get ds(): DataSource {
    return this.service.ds;
  }
  get base(): string {
    return this.service.base;
  }
  /** The running app (a new one after a restart). */
  get app(): NestFastifyApplication {
    return this.service.app;
  }
  get worker(): OrdersWorker {
    return this.app.get(OrdersWorker);
  }

  async start(label: string, env: Record<string, string> = {}): Promise<this> {
    this.listings = await new ListingsStandIn(INTERNAL_TOKEN).start();
    this.service = await startServiceUnderTest(ordersService, {
      label,
      consumers: false,
      env: {
        INTERNAL_API_TOKEN: INTERNAL_TOKEN,
        LISTINGS_URL: this.listings.url,
        ORDERS_WORKER_INTERVAL_MS: '0',
        SIMULATED_PAYMENT_DELAY_MS: '0',
        DB_POOL_SIZE: '20',
        // Disputes' evidence photos (ADR 0037): files in a throwaway directory.
        OBJECT_STORAGE_DIR: path.join(
          os.tmpdir(),
          `loadout-orders-objects-${label}-${process.pid}`,
        ),
        UPLOAD_SIGNING_SECRET: 'orders-test-upload-signing-secret',
        ...env,
      },
    });
    const provider = this.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const transfer = provider.transferToSeller.bind(provider);
    provider.transferToSeller = (input) => {
      this.transfers.push(input);
      return transfer(input);
    };
    return this;
  }

  async stop(): Promise<void> {
    await this.service?.close();
    await this.listings?.close();
  }

  user(roles?: string[]): Promise<TestUser> {
    return buildUser(this.issuer, roles);
  }

  listing(sellerId: string, over: Partial<StandInListing> = {}): StandInListing {
    return this.listings.add(buildListing(sellerId, over));
  }

  async call<T = unknown>(path: string, init: CallInit = {}): Promise<ApiResponse<T>> {
    const { status, body, headers } = await this.service.call<T>(path, init);
    return { status, body, headers };
  }

  /**
   * Applies every due payment event and runs every due job, then hands the listings stand-in
   * the orders events written meanwhile (listings' consumer road: ADR 0044). Returns how many
   * jobs and payment events the worker handled.
   */
  async drain(): Promise<number> {
    const n = await this.worker.drain();
    await this.deliverOrderEvents();
    return n;
  }

  /** Orders' events not yet seen by the stand-in, in outbox order (none while it is down). */
  async deliverOrderEvents(): Promise<void> {
    if (this.listings.failing) return;
    const rows = (await this.ds.query(
      `SELECT seq::text AS seq, topic, envelope->'payload' AS payload FROM orders.outbox
        WHERE seq > $1 AND topic LIKE 'orders.order.%' ORDER BY seq`,
      [this.deliveredSeq],
    )) as { seq: string; topic: string; payload: { orderId: string; listingId: string } }[];
    for (const r of rows) {
      this.listings.consume(r.topic, r.payload);
      this.deliveredSeq = r.seq;
    }
  }

  private deliveredSeq = '0';

  /** Post orders get `buildAddress()` unless an address (or null: none) is given. */
  checkout(
    buyer: TestUser,
    listingId: string,
    delivery: 'post' | 'collection' = 'post',
    deliveryAddress?: DeliveryAddressInput | null,
  ) {
    const address =
      deliveryAddress !== undefined ? deliveryAddress : delivery === 'post' ? buildAddress() : null;
    return this.call<OrderView>('/api/v1/orders', {
      token: buyer.token,
      json: address ? { listingId, delivery, deliveryAddress: address } : { listingId, delivery },
    });
  }

  pay(buyer: TestUser, orderId: string, card: SimulatedCardInput, key?: string) {
    return this.call<PayOrderResponse>(`/api/v1/orders/${orderId}/pay`, {
      token: buyer.token,
      json: { card },
      headers: key ? { 'idempotency-key': key } : {},
    });
  }

  action(user: TestUser, orderId: string, action: string, json: unknown = {}, key?: string) {
    return this.call<OrderView>(`/api/v1/orders/${orderId}/${action}`, {
      token: user.token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  }

  order(user: TestUser, orderId: string) {
    return this.call<OrderView>(`/api/v1/orders/${orderId}`, { token: user.token });
  }

  /** Outbox topics of one order, in order. */
  async topics(orderId: string): Promise<string[]> {
    const rows = (await this.ds.query(
      `SELECT topic FROM orders.outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [orderId],
    )) as { topic: string }[];
    return rows.map((r) => r.topic);
  }

  ledgerCheck() {
    return this.app.get(CheckLedgerHandler).check();
  }

  /** Moves every pending job of an order (of a kind) to now, as if its deadline had come. */
  async makeDue(orderId: string, kind: string): Promise<void> {
    await this.ds.query(
      `UPDATE orders.jobs SET due_at = now() - interval '1 second'
        WHERE order_id = $1 AND kind = $2 AND done_at IS NULL`,
      [orderId, kind],
    );
  }
}

/**
 * Starts a harness for the file and checks the ledger invariants after every test: each
 * order's postings sum to zero and money held equals the paid-but-unreleased orders.
 */
export function useOrdersHarness(label: string, env?: Record<string, string>): OrdersHarness {
  const h = new OrdersHarness();
  beforeAll(() => h.start(label, env));
  afterAll(() => h.stop());
  afterEach(async () => {
    const check = await h.ledgerCheck();
    expect(check).toMatchObject({ ok: true, unbalancedOrders: [] });
    expect(check.heldCents).toBe(check.expectedHeldCents);
  });
  return h;
}

/** A paid order (processor confirmed), ready to ship. */
export async function paidOrder(h: OrdersHarness, over: Partial<StandInListing> = {}) {
  const seller = await h.user();
  const buyer = await h.user();
  const listing = h.listing(seller.id, over);
  const created = await h.checkout(buyer, listing.id);
  expect(created.status).toBe(201);
  const paid = await h.pay(buyer, created.body.id, {
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  expect(paid.status).toBe(202);
  await h.drain();
  return { seller, buyer, listing, orderId: created.body.id };
}

/** A shipped order. */
export async function shippedOrder(h: OrdersHarness) {
  const o = await paidOrder(h);
  const shipped = await h.action(o.seller, o.orderId, 'ship', {
    carrier: 'An Post',
    trackingNumber: 'CX123456789IE',
  });
  expect(shipped.status).toBe(200);
  return o;
}

export { buildUser };
