import { reviewNotice, reviewPath } from './review-notice';

describe('review notice', () => {
  it('tells a seller what the buyer gave them, and a buyer what the seller gave them', () => {
    expect(reviewNotice({ rating: 5, listingTitle: 'G&G CM16', subjectRole: 'seller' })).toEqual({
      title: 'You have a new review',
      message: 'The buyer of "G&G CM16" gave you 5 stars.',
    });
    expect(
      reviewNotice({ rating: 1, listingTitle: 'G&G CM16', subjectRole: 'buyer' }).message,
    ).toBe('The seller of "G&G CM16" gave you 1 star.');
  });

  it('links a seller to their page and a buyer to their purchases', () => {
    expect(reviewPath({ subjectRole: 'seller', subjectId: 'u 1' })).toBe('/seller/u%201');
    expect(reviewPath({ subjectRole: 'buyer', subjectId: 'u1' })).toBe('/buyer-dashboard');
  });
});
