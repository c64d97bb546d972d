import { type OpenDisputeRequest } from '@loadout/contracts';

/** A buyer's dispute request: item not received, full refund wanted, unless overridden. */
export const disputeRequest = (over: Partial<OpenDisputeRequest> = {}): OpenDisputeRequest => ({
  reason: 'not_received',
  description: 'The parcel never arrived and tracking has not moved for a week.',
  wanted: { kind: 'full_refund' },
  ...over,
});
