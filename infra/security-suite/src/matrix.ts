import type { Caller, World } from './fixtures';
import { deliveryAddress, listingInput } from './fixtures';

/**
 * How the access matrix calls each route: whose object is in the path (the "owner"), which
 * ids fill the path and which valid body goes with it, so that each cell reaches the route's
 * own object-level check rather than stopping at validation.
 */
export type Who = 'buyer' | 'seller';

/** Ends the caller's session (ADR 0019): never called with the world's main tokens and a valid body. */
export const SIGN_OUT = 'POST /api/v1/auth/sign-out';
/** Account deletion (ADR 0039): like sign-out, fuzzed with the throwaway account only. */
export const DELETE_ACCOUNT = 'POST /api/v1/me/deletion';

/** The owner of a route's object (or, for routes without one, the signed-in user acting on their own data). */
export function ownerOf(path: string): Who {
  if (/^\/api\/v1\/(listings|uploads|notifications)/.test(path)) return 'seller';
  return 'buyer';
}

export function tokenFor(world: World, path: string, caller: Caller): string | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'other':
      return world.tokens.stranger;
    case 'admin':
      return world.tokens.admin;
    case 'owner':
      return world.tokens[ownerOf(path)];
  }
}

/** The path with real ids; destructive routes get one spare object per caller. */
export function pathFor(world: World, method: string, path: string, caller: Caller): string {
  const spare = (i: number) => world.spareListings[i]!;
  const callerIndex = { anonymous: 0, other: 1, admin: 2, owner: 3 }[caller];
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'username') return world.username;
    if (name === 'uploadId') return world.uploadId;
    if (name === 'partNumber') return '1';
    if (name === 'uid') return 'V1StGXR8_Z5jdHi6B-myT';
    if (name === 'listingId') return world.listingId;
    if (name === 'imageId') return world.messageImageId;
    if (path.startsWith('/api/v1/listings/')) {
      if (method === 'DELETE') return spare(callerIndex);
      // An active listing with no order on it (the first spare is bought later, by POST /orders).
      if (path.endsWith('/featured')) return spare(0);
      return world.listingId;
    }
    if (path.startsWith('/api/v1/orders/')) return world.orderId;
    if (path.startsWith('/api/v1/admin/orders/')) return world.orderId;
    // The buyer's address; the owner's DELETE takes the spare one (the others must get 404).
    if (path.startsWith('/api/v1/me/addresses/'))
      return method === 'DELETE' && caller === 'owner' ? world.spareAddressId : world.addressId;
    if (path.startsWith('/api/v1/conversations/')) return world.conversationId;
    if (path.startsWith('/api/v1/notifications/')) return world.notificationId;
    if (path.startsWith('/api/v1/fields/')) return world.fieldId;
    if (path.startsWith('/api/v1/admin/bug-reports/')) return world.bugReportId;
    if (path.startsWith('/api/v1/admin/cases/') || path.startsWith('/api/v1/reports/cases/'))
      return world.caseId;
    return 'V1StGXR8_Z5jdHi6B-myT';
  });
}

/** A valid body per write route (`{}` when the route takes none or all of it is optional). */
export function bodyFor(world: World, key: string): unknown {
  switch (key) {
    case 'POST /api/v1/listings':
      return listingInput('Example listing from the access matrix');
    case 'PATCH /api/v1/listings/{id}':
      return { title: 'Example suite listing (edited by the matrix)' };
    case 'DELETE /api/v1/listings/{id}':
      return { reason: 'Removed by the security suites (moderation check).' };
    case 'PUT /api/v1/listings/{id}/featured':
      return { featured: true };
    case 'POST /api/v1/uploads':
      return { fileName: 'example.jpg', contentType: 'image/jpeg', sizeBytes: 1000 };
    case 'POST /api/v1/uploads/{uploadId}/complete':
      return { parts: [{ partNumber: 1, etag: '"0"' }] };
    case 'POST /api/v1/orders':
      return {
        listingId: world.spareListings[0],
        delivery: 'post',
        deliveryAddress: deliveryAddress(),
      };
    case 'POST /api/v1/notifications/seen':
      return { ids: [] };
    case 'POST /api/v1/me/addresses':
      return deliveryAddress('1 Matrix Road');
    case 'PATCH /api/v1/me/addresses/{id}':
      return { town: 'Moate' };
    case 'POST /api/v1/orders/{id}/ship':
      return { carrier: 'An Post', trackingNumber: 'EX123456789IE' };
    case 'POST /api/v1/orders/{id}/cancel':
      return { reason: 'Cancelled by the security suites.' };
    case 'POST /api/v1/orders/{id}/refund':
      return { reason: 'Refunded by the security suites.' };
    case 'POST /api/v1/orders/{id}/review':
      return { rating: 5, comment: 'Reviewed by the security suites.' };
    case 'POST /api/v1/reviews/{id}/reply':
      return { text: 'Replied by the security suites.' };
    case 'POST /api/v1/orders/{id}/disputes':
      return {
        reason: 'other',
        description: 'Opened by the security suites.',
        wanted: { kind: 'full_refund' },
      };
    case 'POST /api/v1/disputes/{id}/response':
      return { kind: 'contest', message: 'Contested by the security suites.' };
    case 'POST /api/v1/disputes/{id}/messages':
      return { body: 'Written by the security suites.' };
    case 'POST /api/v1/admin/disputes/{id}/decision':
      return { outcome: 'release', statement: 'Decided by the security suites.' };
    case 'POST /api/v1/offers':
      // The listing's price is €125.00: at least half, below the price; collection is offered.
      return { listingId: world.listingId, amountCents: 9_000, delivery: 'collection' };
    case 'POST /api/v1/offers/{id}/counter':
      return { amountCents: 11_000, message: 'Countered by the security suites.' };
    case DELETE_ACCOUNT:
      // Refused (not the caller's username): a valid body would erase the caller's account.
      return { confirmUsername: 'not-the-callers-username' };
    case SIGN_OUT:
      // Refused by validation: see the table's row (a valid body ends the caller's session).
      return { everywhere: 'not a boolean' };
    case 'POST /api/v1/conversations':
      return { listingId: world.listingId };
    case 'POST /api/v1/conversations/{id}/messages':
      return { content: 'Hello from the security suites.' };
    case 'POST /api/v1/fields':
      return {
        name: 'Example suite field (fictional)',
        county: 'Kerry',
        address: 'Example Road',
        description: 'A fictional field made by the security suites.',
        gameTypes: ['woodland'],
        limits: { aegJoules: 1.2, dmrJoules: 1.8, sniperJoules: 2.3 },
        openingDays: ['sunday'],
        rentalAvailable: false,
        minimumAge: 16,
      };
    case 'POST /api/v1/conversations/{id}/messages/{messageId}/hide':
      return { reason: 'Hidden by the security suites.' };
    case 'POST /api/v1/bug-reports':
      return { description: 'Reported by the security suites.', email: 'suite@example.ie' };
    case 'PATCH /api/v1/admin/bug-reports/{id}':
      return { status: 'closed' };
    // On an unknown account only (pathFor leaves the placeholder id): see the access table.
    case 'POST /api/v1/admin/users/{id}/suspension':
      return { duration: '7d', reason: 'Suspended by the security suites.' };
    case 'DELETE /api/v1/admin/users/{id}/suspension':
      return { reason: 'Reinstated by the security suites.' };
    case 'PUT /api/v1/admin/users/{id}/role':
      return { role: 'admin', reason: 'Changed by the security suites.' };
    case 'POST /api/v1/reports':
      return {
        subjectType: 'listing',
        subjectId: world.listingId,
        reason: 'other',
        details: 'A report made by the security suites.',
        reporterEmail: 'suite@example.ie',
        goodFaith: true,
      };
    case 'POST /api/v1/admin/cases/{id}/decision':
      return {
        action: 'dismiss',
        statement: {
          facts: 'The security suites found nothing wrong.',
          groundType: 'terms',
          ground: 'Terms of service',
        },
      };
    case 'POST /api/v1/reports/cases/{id}/appeal':
      return { statement: 'An appeal made by the security suites.' };
    case 'POST /api/v1/admin/cases/{id}/appeal-decision':
      return {
        outcome: 'upheld',
        statement: {
          facts: 'The security suites uphold it.',
          groundType: 'terms',
          ground: 'Terms of service',
        },
      };
    default:
      return {};
  }
}
