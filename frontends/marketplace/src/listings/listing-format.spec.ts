import {
  countListings,
  deliveryOptions,
  formatJoules,
  muzzleSummary,
  priceText,
} from './listing-format';

describe('listing format', () => {
  it('shows joules with 2 decimals and the fps and BB weight behind them', () => {
    expect(formatJoules(0.976)).toBe('0.98 J');
    expect(muzzleSummary(0.976, 310, 0.2)).toBe('0.98 J · 310 fps with 0.20 g BBs');
    expect(muzzleSummary(0.5, null, null)).toBe('0.50 J');
  });

  it('shows listing prices with 2 decimals', () => {
    expect(priceText(4500)).toBe('€45.00');
    expect(priceText(null)).toBe('Price not set');
  });

  it('lists post and collection', () => {
    expect(deliveryOptions({ postageCents: 650, collection: true }, 'Cork')).toEqual([
      'Tracked post €6.50',
      'Collection in Co. Cork',
    ]);
    expect(deliveryOptions({ postageCents: null, collection: true }, null)).toEqual([
      'Collection in person',
    ]);
    expect(deliveryOptions({ postageCents: 0, collection: false }, 'Cork')).toEqual([
      'Free tracked post',
    ]);
  });

  it('counts listings', () => {
    expect(countListings(1)).toBe('1 listing');
    expect(countListings(1200)).toBe('1,200 listings');
  });
});
