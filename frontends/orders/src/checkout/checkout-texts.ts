/** The checkout's fixed texts (the seed's where it gives them). */
export const CHECKOUT_TEXTS = {
  unavailable: 'This item is no longer available',
  unavailableText: 'Someone else is buying it, or it has been sold or withdrawn.',
  ownListing: 'This is your listing, so you cannot buy it.',
  notFound: 'Listing not found',
  orderClosed: 'This order can no longer be paid',
  addressNotSaved: 'The address was not saved to your account',
  handover: 'After paying, arrange the handover with the seller in messages.',
  escrow:
    'Your payment is held in escrow: the seller is paid only when you confirm the item arrived, or automatically 14 days after shipping if you neither confirm nor open a dispute. If the seller does not ship within 7 days, you get a full refund.',
} as const;
