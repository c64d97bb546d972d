import { type OrderView } from '@loadout/contracts';
import { describeOrderForViewer } from './order-wording';

const amounts: OrderView['amounts'] = {
  itemCents: 25000,
  postageCents: 950,
  feeCents: 649,
  totalCents: 26599,
  sellerReceivesCents: 25950,
};
const PAID_AT = '2026-11-20T10:00:00.000Z';

// One row per line of the README table "What an order card says" (state × viewer × wording).
const ROWS: [OrderView['status'], string | null, 'buyer' | 'seller', string][] = [
  ['pending_payment', null, 'buyer', 'To pay €265.99'],
  ['pending_payment', null, 'seller', 'Not paid yet: you would receive €259.50'],
  ['paid', PAID_AT, 'buyer', 'You paid €265.99'],
  ['paid', PAID_AT, 'seller', 'Paid: €259.50 held for you until delivery'],
  ['shipped', PAID_AT, 'buyer', 'You paid €265.99'],
  ['shipped', PAID_AT, 'seller', '€259.50 held for you until delivery is confirmed'],
  ['disputed', PAID_AT, 'buyer', 'You paid €265.99: held during the dispute'],
  ['disputed', PAID_AT, 'seller', '€259.50 held during the dispute'],
  ['completed', PAID_AT, 'buyer', 'You paid €265.99'],
  ['completed', PAID_AT, 'seller', 'You earned €259.50'],
  ['cancelled', null, 'buyer', 'Not paid'],
  ['cancelled', null, 'seller', 'Not paid'],
  ['cancelled', PAID_AT, 'buyer', 'Refunded €265.99'],
  ['cancelled', PAID_AT, 'seller', 'Not sold: the buyer was refunded'],
  ['refunded', PAID_AT, 'buyer', 'Refunded €265.99'],
  ['refunded', PAID_AT, 'seller', 'Not sold: the buyer was refunded'],
  ['partially_refunded', PAID_AT, 'buyer', 'You paid €265.99, partly refunded'],
  ['partially_refunded', PAID_AT, 'seller', 'Partly refunded to the buyer (see the dispute)'],
  ['expired', null, 'buyer', 'Not paid'],
  ['expired', null, 'seller', 'Not paid'],
];

describe('describeOrderForViewer', () => {
  it.each(ROWS)('%s (paidAt %s) for the %s: "%s"', (status, paidAt, viewer, wording) => {
    expect(describeOrderForViewer({ status, paidAt, amounts }, viewer)).toBe(wording);
  });

  it('a partial refund names both amounts to the cent (ADR 0037)', () => {
    const settlement = { refundedCents: 5000, sellerNetCents: 21072 };
    for (const status of ['completed', 'partially_refunded'] as const) {
      const order = { status, paidAt: PAID_AT, amounts, settlement };
      expect(describeOrderForViewer(order, 'buyer')).toBe(
        'You paid €265.99: €50.00 refunded to you',
      );
      expect(describeOrderForViewer(order, 'seller')).toBe(
        'You earned €210.72 (€50.00 refunded to the buyer)',
      );
    }
  });

  it('never says "You paid" on an order that was not paid', () => {
    for (const status of ['pending_payment', 'cancelled', 'expired'] as const) {
      expect(describeOrderForViewer({ status, paidAt: null, amounts }, 'buyer')).not.toMatch(
        /paid €/i,
      );
    }
  });

  it('covers every status for both viewers', () => {
    const covered = new Set(ROWS.map(([s, , v]) => `${s}/${v}`));
    for (const s of [
      'pending_payment',
      'paid',
      'shipped',
      'completed',
      'cancelled',
      'refunded',
      'partially_refunded',
      'expired',
      'disputed',
    ] as const)
      for (const v of ['buyer', 'seller']) expect(covered.has(`${s}/${v}`)).toBe(true);
  });
});
