import { type ListingStatus } from '@loadout/contracts';

/** Who may see a listing of this status besides its owner and admins. */
export const isPubliclyVisible = (status: ListingStatus): boolean =>
  status === 'active' || status === 'reserved' || status === 'sold';

/** Only drafts and active listings can be edited (by their owner). */
export const isEditable = (status: ListingStatus): boolean =>
  status === 'draft' || status === 'active';

/** Listings a user may add to favourites (and that favourites lists show). */
export const isFavoritable = isPubliclyVisible;

export type ReservationCommand = 'reserve' | 'release' | 'sold';

export interface ReservationState {
  status: ListingStatus;
  reservedOrderId: string | null;
  soldOrderId: string | null;
}

/**
 * What an order command does to a listing. Commands are idempotent by order id: repeating one
 * changes nothing (`noop`), while a listing held or sold for another order is a `conflict`.
 */
export type ReservationOutcome =
  | { kind: 'change'; status: ListingStatus }
  | { kind: 'noop' }
  | { kind: 'conflict'; message: string };

export function decideReservation(
  command: ReservationCommand,
  state: ReservationState,
  orderId: string,
): ReservationOutcome {
  const heldByThis = state.status === 'reserved' && state.reservedOrderId === orderId;
  const soldToThis = state.status === 'sold' && state.soldOrderId === orderId;
  switch (command) {
    case 'reserve':
      if (heldByThis || soldToThis) return { kind: 'noop' };
      if (state.status === 'active') return { kind: 'change', status: 'reserved' };
      return {
        kind: 'conflict',
        message:
          state.status === 'reserved'
            ? 'This listing is already reserved for another order.'
            : 'This listing is not available.',
      };
    case 'release':
      if (heldByThis) return { kind: 'change', status: 'active' };
      if (state.status === 'reserved')
        return { kind: 'conflict', message: 'This listing is reserved for another order.' };
      if (state.status === 'sold')
        return { kind: 'conflict', message: 'This listing is already sold.' };
      // Nothing is held for this order (already released, or never reserved): nothing to do.
      return { kind: 'noop' };
    case 'sold':
      if (soldToThis) return { kind: 'noop' };
      if (heldByThis) return { kind: 'change', status: 'sold' };
      return {
        kind: 'conflict',
        message:
          state.status === 'sold'
            ? 'This listing was sold to another order.'
            : 'This listing is not reserved for that order.',
      };
  }
}
