import { type DisputeView, type OpenDisputeRequest } from '@loadout/contracts';
import { disputeRequest } from '../factories/dispute.factory';
import { type TestUser } from '../factories/user.factory';
import { type OrdersHarness } from './orders-harness';

/** The dispute routes, called as a user (an optional Idempotency-Key). */
export function disputeSteps(h: OrdersHarness) {
  const post = (user: TestUser, path: string, json: unknown = {}, key?: string) =>
    h.call<DisputeView>(path, {
      token: user.token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  return {
    open: (
      buyer: TestUser,
      orderId: string,
      over: Partial<OpenDisputeRequest> = {},
      key?: string,
    ) => post(buyer, `/api/v1/orders/${orderId}/disputes`, disputeRequest(over), key),
    view: (user: TestUser, id: string) =>
      h.call<DisputeView>(`/api/v1/disputes/${id}`, { token: user.token }),
    respond: (seller: TestUser, id: string, json: unknown, key?: string) =>
      post(seller, `/api/v1/disputes/${id}/response`, json, key),
    acceptProposal: (buyer: TestUser, id: string, key?: string) =>
      post(buyer, `/api/v1/disputes/${id}/accept-proposal`, {}, key),
    withdraw: (buyer: TestUser, id: string) => post(buyer, `/api/v1/disputes/${id}/withdraw`),
    returnShipped: (buyer: TestUser, id: string) =>
      post(buyer, `/api/v1/disputes/${id}/return-shipped`),
    returnReceived: (seller: TestUser, id: string, key?: string) =>
      post(seller, `/api/v1/disputes/${id}/return-received`, {}, key),
    message: (user: TestUser, id: string, body: string) =>
      post(user, `/api/v1/disputes/${id}/messages`, { body }),
    decide: (admin: TestUser, id: string, json: unknown, key?: string) =>
      post(admin, `/api/v1/admin/disputes/${id}/decision`, json, key),
    /** The order's ledger postings as [kind, account, cents], in order. */
    postings: async (orderId: string) =>
      (
        (await h.ds.query(
          `SELECT e.kind, p.account, p.amount_cents::int AS cents
             FROM orders.ledger_postings p JOIN orders.ledger_entries e ON e.id = p.entry_id
            WHERE p.order_id = $1 ORDER BY p.id`,
          [orderId],
        )) as { kind: string; account: string; cents: number }[]
      ).map((r) => [r.kind, r.account, r.cents]),
    /** Open jobs of an order (kind, due). */
    openJobs: async (orderId: string) =>
      (await h.ds.query(
        `SELECT kind, due_at AS "dueAt", ref FROM orders.jobs
          WHERE order_id = $1 AND done_at IS NULL ORDER BY id`,
        [orderId],
      )) as { kind: string; dueAt: Date; ref: string }[],
  };
}
