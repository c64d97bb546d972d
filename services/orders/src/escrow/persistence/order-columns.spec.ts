import { DEFAULT_DEADLINE_RULES } from '../domain/deadlines';
import { orderAmounts } from '../domain/money';
import { Order } from '../domain/order';
import { WRITTEN_COLUMNS } from './order.repository';

/**
 * The repository writes the order row with statements built once from the entity's columns
 * (ADR 0055): every column it writes must be a prop of the aggregate (or its INSERT would null
 * a column by an undefined value), and every prop a column (or it would never be stored).
 */
describe('the columns the order repository writes', () => {
  const { order } = Order.create(
    {
      id: 'ord_1',
      listingId: 'lst_1',
      buyerId: 'buyer',
      sellerId: 'seller',
      delivery: 'collection',
      amounts: orderAmounts({ itemCents: 5_000, postageCents: 0 }),
      listingTitle: 'Krytac Trident',
      listingPhotoUrl: null,
      sellerDisplayName: 'Seller',
      sellerType: 'private',
      deliveryAddress: null,
      collectionCounty: null,
    },
    new Date('2026-11-27T12:00:00.000Z'),
    DEFAULT_DEADLINE_RULES,
  );

  it('are exactly the props of an order, the id first', () => {
    const written = WRITTEN_COLUMNS.map((c) => c.property);
    expect(written[0]).toBe('id');
    expect([...written].sort()).toEqual(Object.keys(order.props).sort());
  });

  it('name the snake_case columns of the table, the address as jsonb', () => {
    const byProperty = new Map(WRITTEN_COLUMNS.map((c) => [c.property, c]));
    expect(byProperty.get('sellerReceivesCents')?.column).toBe('seller_receives_cents');
    expect(byProperty.get('deliveryAddress')).toMatchObject({
      column: 'delivery_address',
      type: 'jsonb',
    });
    expect(byProperty.has('deliveryAddressErasedAt')).toBe(false);
  });
});
