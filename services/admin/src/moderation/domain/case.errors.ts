import { AppError, notFoundError } from '@loadout/errors';
import { type Refusal } from './case-rules';

export const caseNotFound = () => notFoundError('ADMIN.CASE_NOT_FOUND', 'No such case.');

/** Throws the rule's refusal in the house shape. */
export function refuse(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, refusal.kind);
}
