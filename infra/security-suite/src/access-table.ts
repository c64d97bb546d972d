/**
 * Expected answers per route and caller, kept in one table. A route the services' OpenAPI
 * documents list but this table does not fails the suite (naming it): a new route must say who
 * may call it. Keys are `METHOD path` as in the documents.
 *
 * Callers: `anonymous` (no token); `other` (a fresh verified account that owns nothing);
 * `owner` (whose object is in the path — see `ownerOf` in matrix.ts — or, for routes without
 * one, a signed-in user acting on their own data); `admin` (demo.admin, role admin, not the
 * owner). Each cell is the status the route must answer, or the statuses it may answer where
 * the outcome depends on the object's state (never 401/403 when the caller may call it).
 */
export type Expected = number | readonly number[];
export interface Row {
  anonymous: Expected;
  other: Expected;
  admin: Expected;
  owner: Expected;
}

export const ACCESS: Record<string, Row> = {
  // Public account routes: anyone may call them; `{}` is refused by validation.
  'POST /api/v1/auth/sign-up': { anonymous: 400, other: 400, admin: 400, owner: 400 },
  'POST /api/v1/auth/verify-email': { anonymous: 400, other: 400, admin: 400, owner: 400 },
  'POST /api/v1/auth/resend-verification': { anonymous: 400, other: 400, admin: 400, owner: 400 },
  'POST /api/v1/auth/password-reset': { anonymous: 400, other: 400, admin: 400, owner: 400 },
  'POST /api/v1/auth/password-reset/confirm': {
    anonymous: 400,
    other: 400,
    admin: 400,
    owner: 400,
  },
  'GET /api/v1/auth/config': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  // Signed-in users only. A valid body would end the caller's session, and so the token every
  // later cell uses: the matrix sends one the validator refuses (bodyFor), which still shows
  // the guard's answer (401) and that signed-in callers reach the route (400). The "sessions"
  // part of the suite signs out for real.
  'POST /api/v1/auth/sign-out': { anonymous: 401, other: 400, admin: 400, owner: 400 },
  'GET /api/v1/me': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'PATCH /api/v1/me': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // The address book (ADR 0029; owner: the buyer): each user their own, a stranger's id is 404
  // like an unknown one, for admins too (they never need the book; an order keeps a snapshot).
  'GET /api/v1/me/addresses': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/me/addresses': { anonymous: 401, other: 201, admin: 201, owner: 201 },
  'PATCH /api/v1/me/addresses/{id}': { anonymous: 401, other: 404, admin: 404, owner: 200 },
  'DELETE /api/v1/me/addresses/{id}': { anonymous: 401, other: 404, admin: 404, owner: 204 },
  // GDPR self-service (ADR 0039): only ever the caller's own data, there is no id to choose.
  // The export asks every service's internal/users/{id}/export with the caller's token (those
  // internal routes answer 401 without a token and 403 for another user's id: the services'
  // own tests). The deletion gets a username that is not the caller's (bodyFor): 400, so the
  // matrix never deletes the accounts every later cell uses.
  'GET /api/v1/me/export': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/me/deletion': { anonymous: 401, other: 400, admin: 400, owner: 400 },
  'GET /api/v1/users/{username}': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  // The sign-in page's calls: public, bound to the browser's interaction cookie (none here).
  'GET /auth/interaction/{uid}': { anonymous: 404, other: 404, admin: 404, owner: 404 },
  'POST /auth/interaction/{uid}/login': { anonymous: 400, other: 400, admin: 400, owner: 400 },
  'POST /auth/interaction/{uid}/abort': { anonymous: 404, other: 404, admin: 404, owner: 404 },
  // Photos: the signed part URL is the authority for PUT; the upload is its starter's.
  'POST /api/v1/uploads': { anonymous: 401, other: 201, admin: 201, owner: 201 },
  'PUT /api/v1/uploads/{uploadId}/parts/{partNumber}': {
    anonymous: 400,
    other: 400,
    admin: 400,
    owner: 400,
  },
  'POST /api/v1/uploads/{uploadId}/complete': {
    anonymous: 401,
    other: 404,
    admin: 404,
    owner: 400,
  },
  'DELETE /api/v1/uploads/{uploadId}': { anonymous: 401, other: 404, admin: 404, owner: 204 },
  // Listings (owner: the seller). The suite's listing has an order on it, so edits are 409.
  'GET /api/v1/listings': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/listings': { anonymous: 401, other: 201, admin: 201, owner: 201 },
  'GET /api/v1/listings/featured': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/listings/stats': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/listings/mine': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/listings/suggestions': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/listings/{id}': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'PATCH /api/v1/listings/{id}': { anonymous: 401, other: 403, admin: 403, owner: 409 },
  // Moderators remove anyone's listing (with a reason); each caller gets its own spare listing.
  'DELETE /api/v1/listings/{id}': { anonymous: 401, other: 403, admin: 200, owner: 200 },
  'POST /api/v1/listings/{id}/publish': { anonymous: 401, other: 403, admin: 403, owner: 409 },
  'PUT /api/v1/listings/{id}/featured': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // Favourites are the caller's own.
  'GET /api/v1/favorites': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/favorites/ids': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'PUT /api/v1/favorites/{listingId}': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'DELETE /api/v1/favorites/{listingId}': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // Orders (owner: the buyer). Another user learns nothing (404). Admins see and cancel (support),
  // never pay; only the seller ships. The order runs pay → ship → confirm → cancel in that order.
  'GET /api/v1/orders': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // Checkout of a spare listing: the stranger buys it first; later callers find it reserved.
  'POST /api/v1/orders': { anonymous: 401, other: 201, admin: 409, owner: 409 },
  'GET /api/v1/orders/{id}': { anonymous: 401, other: 404, admin: 200, owner: 200 },
  'POST /api/v1/orders/{id}/pay': { anonymous: 401, other: 404, admin: 403, owner: [200, 202] },
  'POST /api/v1/orders/{id}/ship': { anonymous: 401, other: 404, admin: 409, owner: 403 },
  'POST /api/v1/orders/{id}/confirm-delivery': {
    anonymous: 401,
    other: 404,
    admin: 409,
    owner: 409,
  },
  'POST /api/v1/orders/{id}/cancel': { anonymous: 401, other: 404, admin: 200, owner: 409 },
  // Admins only (refund what is still held); by now the admin has cancelled the order: 409.
  'POST /api/v1/orders/{id}/refund': { anonymous: 401, other: 403, admin: 409, owner: 403 },
  // Reviews (issue 24): parties of a completed order only; the suite's order never completes,
  // so the buyer is refused with 409. Strangers and admins are no party: 404, as for the order.
  'POST /api/v1/orders/{id}/review': { anonymous: 401, other: 404, admin: 404, owner: 409 },
  'GET /api/v1/orders/{id}/review': { anonymous: 401, other: 404, admin: 404, owner: 200 },
  // Public: published reviews only. The reply needs a published review of the caller's: none.
  'GET /api/v1/users/{userId}/reviews': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/reviews/{id}/reply': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'GET /api/v1/payouts/account': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/payouts/onboarding': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/payments/config': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/admin/ledger/check': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // Disputes (issue 24): the buyer opens one on a paid or shipped order (the world's order is
  // unpaid or cancelled by now: 409); the seller is not the buyer (the admin neither: 403).
  'POST /api/v1/orders/{id}/disputes': { anonymous: 401, other: 404, admin: 403, owner: 409 },
  'GET /api/v1/disputes': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // The world has no dispute: every signed-in caller reaches the object check and gets 404.
  'GET /api/v1/disputes/{id}': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/disputes/{id}/response': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/disputes/{id}/accept-proposal': {
    anonymous: 401,
    other: 404,
    admin: 404,
    owner: 404,
  },
  'POST /api/v1/disputes/{id}/withdraw': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/disputes/{id}/return-shipped': {
    anonymous: 401,
    other: 404,
    admin: 404,
    owner: 404,
  },
  'POST /api/v1/disputes/{id}/return-received': {
    anonymous: 401,
    other: 404,
    admin: 404,
    owner: 404,
  },
  'POST /api/v1/disputes/{id}/messages': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  // Evidence photos (ADR 0037). Upload: for the order's buyer, seller or admins (the raw image
  // is the body; none here, so they get 400 after the access check); anyone else 404.
  'POST /api/v1/orders/{id}/dispute-photos': { anonymous: 401, other: 404, admin: 400, owner: 400 },
  // Served only through the dispute it is attached to: the world has no dispute, so 404.
  'GET /api/v1/disputes/{id}/photos/{photoId}': {
    anonymous: 401,
    other: 404,
    admin: 404,
    owner: 404,
  },
  // The admin area's reads of orders and listings (issue 26, ADR 0038): admins only. The
  // matrix sends no query string, so the lists that need a user answer the admin 400.
  'GET /api/v1/admin/disputes': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/orders': { anonymous: 401, other: 403, admin: 400, owner: 403 },
  'GET /api/v1/admin/orders/{id}/ledger': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/listings': { anonymous: 401, other: 403, admin: 400, owner: 403 },
  'POST /api/v1/admin/disputes/{id}/decision': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  // Offers (issue 24, ADR 0031): any signed-in user may offer on the world's listing (not their
  // own: the seller is no caller here); it may be reserved by the world's order by then (409).
  // The world has no offer of its own: the object routes answer every signed-in caller 404.
  'POST /api/v1/offers': {
    anonymous: 401,
    other: [201, 409],
    admin: [201, 409],
    owner: [201, 409],
  },
  'GET /api/v1/offers': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/offers/{id}': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/offers/{id}/accept': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/offers/{id}/decline': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/offers/{id}/counter': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/offers/{id}/withdraw': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  // Conversations are private to their two parties: not even an admin reads them.
  'GET /api/v1/conversations/unread-count': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/conversations': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/conversations': { anonymous: 401, other: 201, admin: 201, owner: 200 },
  'GET /api/v1/conversations/{id}/messages': { anonymous: 401, other: 403, admin: 403, owner: 200 },
  'POST /api/v1/conversations/{id}/messages': {
    anonymous: 401,
    other: 403,
    admin: 403,
    owner: 201,
  },
  // Photos: the raw image is the body (none here, so the owner gets 400 after the access check).
  'POST /api/v1/conversations/{id}/images': {
    anonymous: 401,
    other: 403,
    admin: 403,
    owner: 400,
  },
  // The buyer's unsent photo: visible to its uploader alone.
  'GET /api/v1/conversations/{id}/images/{imageId}': {
    anonymous: 401,
    other: 403,
    admin: 403,
    owner: 200,
  },
  'POST /api/v1/conversations/{id}/read': { anonymous: 401, other: 403, admin: 403, owner: 200 },
  'PUT /api/v1/conversations/{id}/block': { anonymous: 401, other: 403, admin: 403, owner: 204 },
  'DELETE /api/v1/conversations/{id}/block': { anonymous: 401, other: 403, admin: 403, owner: 204 },
  // Notifications (owner: the seller, told of the order).
  'GET /api/v1/notifications': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/notifications/unread-count': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/notifications/read-all': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // The opened bell's ids (bodyFor: an empty list); someone else's ids are ignored, not refused.
  'POST /api/v1/notifications/seen': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/notifications/{id}/read': { anonymous: 401, other: 404, admin: 404, owner: 200 },
  // Email preferences: each signed-in user their own; `{}` changes nothing.
  'GET /api/v1/notifications/preferences': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  'PUT /api/v1/notifications/preferences': { anonymous: 401, other: 200, admin: 200, owner: 200 },
  // One-click unsubscribe (RFC 8058): public, the signed token is the credential (none here).
  'GET /api/v1/notifications/unsubscribe': { anonymous: 404, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/notifications/unsubscribe': {
    anonymous: [404, 415],
    other: [404, 415],
    admin: [404, 415],
    owner: [404, 415],
  },
  // The dev mailbox exists only with DEV_MAILBOX=on (npm start); refused at boot in production.
  'GET /dev/mailbox': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /dev/mailbox/messages': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'DELETE /dev/mailbox/messages': { anonymous: 204, other: 204, admin: 204, owner: 204 },
  // Fields: public directory, admin-only edits.
  'GET /api/v1/fields': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'POST /api/v1/fields': { anonymous: 401, other: 403, admin: 201, owner: 403 },
  'GET /api/v1/fields/stats': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'GET /api/v1/fields/{id}': { anonymous: 200, other: 200, admin: 200, owner: 200 },
  'PATCH /api/v1/fields/{id}': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'DELETE /api/v1/fields/{id}': { anonymous: 401, other: 403, admin: 204, owner: 403 },
  // Moderators hide a reported message (the id here is no message of the conversation: 404).
  'POST /api/v1/conversations/{id}/messages/{messageId}/hide': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  // Admin service. Anyone reports a bug or content (the body gives an email for anonymous).
  'POST /api/v1/bug-reports': { anonymous: 201, other: 201, admin: 201, owner: 201 },
  'POST /api/v1/reports': { anonymous: 201, other: 201, admin: 201, owner: 201 },
  // The admin area: every route 401 anonymous, 403 for a normal user (issue 26).
  'GET /api/v1/admin/bug-reports': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'PATCH /api/v1/admin/bug-reports/{id}': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/audit-log': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/cases': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/statement-templates': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/cases/{id}': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // The world's case (the buyer's report on the listing) is dismissed by the admin's cell.
  'POST /api/v1/admin/cases/{id}/decision': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // Only the affected user (the seller, not a caller here) appeals: others learn nothing.
  'POST /api/v1/reports/cases/{id}/appeal': { anonymous: 401, other: 404, admin: 404, owner: 404 },
  'POST /api/v1/admin/cases/{id}/appeal-decision': {
    anonymous: 401,
    other: 403,
    admin: 409,
    owner: 403,
  },
  'GET /api/v1/admin/dead-letters': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // No such dead letter (the path's ids are placeholders): 404 once the caller may ask.
  'POST /api/v1/admin/dead-letters/{service}/{consumer}/{eventId}/replay': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  'DELETE /api/v1/admin/dead-letters/{service}/{consumer}/{eventId}': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  'GET /api/v1/admin/stats': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  // Orders' parked jobs (issue 23 scenario 7); the path's id is a placeholder, no job: 404.
  'GET /api/v1/admin/parked-jobs': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'POST /api/v1/admin/parked-jobs/{id}/retry': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  'DELETE /api/v1/admin/parked-jobs/{id}': { anonymous: 401, other: 403, admin: 404, owner: 403 },
  // Identity's admin routes on accounts (ADR 0035). The path's id is a placeholder on purpose:
  // the matrix and the fuzz must never suspend or demote the world's accounts, so the admin's
  // cell is the 404 of an unknown account (identity's own tests suspend real ones).
  'GET /api/v1/admin/users': { anonymous: 401, other: 403, admin: 200, owner: 403 },
  'GET /api/v1/admin/users/{id}': { anonymous: 401, other: 403, admin: 404, owner: 403 },
  'POST /api/v1/admin/users/{id}/suspension': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  'DELETE /api/v1/admin/users/{id}/suspension': {
    anonymous: 401,
    other: 403,
    admin: 404,
    owner: 403,
  },
  'PUT /api/v1/admin/users/{id}/role': { anonymous: 401, other: 403, admin: 404, owner: 403 },
};
