import {
  type DecideDisputeRequest,
  type DisputeOutcome,
  type DisputeOutcomeKind,
  type DisputeStatus,
  type DisputeWanted,
} from '@loadout/contracts';
import { disputeWantedText, euroToCents, formatPrice } from '@loadout/web';

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Waiting for the seller',
  responded: 'Proposal made',
  awaiting_return: 'Waiting for the return',
  return_shipped: 'Return on its way',
  escalated: 'Escalated to admins',
  resolved: 'Resolved',
  withdrawn: 'Withdrawn',
};

export const OUTCOME_LABELS: Record<DisputeOutcomeKind, string> = {
  release: 'Release the payment to the seller',
  full_refund: 'Refund the buyer in full',
  partial_refund: 'Refund the buyer in part',
};

export const wantedText = (w: DisputeWanted): string => disputeWantedText(w, formatPrice);

export function outcomeText(o: DisputeOutcome): string {
  switch (o.kind) {
    case 'release':
      return 'Released to the seller.';
    case 'full_refund':
      return `Buyer refunded in full (${formatPrice(o.refundCents)}).`;
    case 'partial_refund':
      return `Buyer refunded ${formatPrice(o.refundCents)}; the rest went to the seller.`;
  }
}

export interface DecisionValues {
  outcome: string;
  /** Euros as typed (partial refunds only). */
  amount: string;
  statement: string;
}
export type DecisionField = keyof DecisionValues;

/**
 * Checks the admin's decision before it is sent and builds the request: a partial refund is
 * more than €0 and less than the order's total (euros → integer cents), and the statement of
 * reasons is written (it goes to both parties; 2,000 characters at most, the API's limit).
 */
export function checkDecision(
  v: DecisionValues,
  totalCents: number,
): { errors: Partial<Record<DecisionField, string>>; request: DecideDisputeRequest | null } {
  const errors: Partial<Record<DecisionField, string>> = {};
  if (!(v.outcome in OUTCOME_LABELS)) errors.outcome = 'Choose an outcome.';
  let amountCents: number | undefined;
  if (v.outcome === 'partial_refund') {
    const cents = euroToCents(v.amount);
    if (cents === null) errors.amount = 'Enter the amount in euros, for example 25 or 25.50.';
    else if (cents <= 0 || cents >= totalCents)
      errors.amount = `Enter more than €0 and less than the order's ${formatPrice(totalCents)} (for everything, choose a full refund).`;
    else amountCents = cents;
  }
  const statement = v.statement.trim();
  if (statement.length < 10)
    errors.statement = 'Write the reasons for the decision (at least 10 characters).';
  else if (statement.length > 2000) errors.statement = 'Keep the reasons under 2,000 characters.';
  if (Object.keys(errors).length > 0) return { errors, request: null };
  return {
    errors,
    request: {
      outcome: v.outcome as DisputeOutcomeKind,
      statement,
      ...(amountCents !== undefined ? { amountCents } : {}),
    },
  };
}
