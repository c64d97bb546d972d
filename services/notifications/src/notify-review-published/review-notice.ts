import { type ReviewPublishedV1 } from '@loadout/contracts';

/** Text of the in-app notice to the reviewed user (a published review is public anyway). */
export function reviewNotice(
  p: Pick<ReviewPublishedV1, 'rating' | 'listingTitle' | 'subjectRole'>,
): { title: string; message: string } {
  const who = p.subjectRole === 'seller' ? 'The buyer' : 'The seller';
  const stars = `${p.rating} star${p.rating === 1 ? '' : 's'}`;
  return {
    title: 'You have a new review',
    message: `${who} of "${p.listingTitle}" gave you ${stars}.`,
  };
}

/** Where the review can be read: a seller's page, or the buyer's purchases (on the order). */
export function reviewPath(p: Pick<ReviewPublishedV1, 'subjectRole' | 'subjectId'>): string {
  return p.subjectRole === 'seller'
    ? `/seller/${encodeURIComponent(p.subjectId)}`
    : '/buyer-dashboard';
}
