import { type OrderStatus } from '@loadout/contracts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid (money held)',
  shipped: 'Shipped (money held)',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  expired: 'Expired',
  disputed: 'Disputed (money held)',
};

/** The states from which orders' admin refund returns what Loadout still holds. */
const REFUNDABLE: readonly OrderStatus[] = ['paid', 'shipped', 'disputed', 'partially_refunded'];
export const isRefundable = (status: OrderStatus): boolean => REFUNDABLE.includes(status);

/** Ledger accounts in words (the ledger's own names stay visible next to them). */
export const ACCOUNT_LABELS: Record<string, string> = {
  buyer_payments: 'Buyer payments',
  escrow_held: 'Held in escrow',
  seller_payable: 'Owed to the seller',
  platform_fees: 'Loadout fees',
  refunds: 'Refunds',
};
