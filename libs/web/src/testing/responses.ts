// Fake fetch answers for tests. No React or router here: API-client specs import this file
// directly, in environments the rest of '@loadout/web/testing' does not suit.

/** A `fetch` answer with this status and JSON body (an empty body when `body` is undefined). */
export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(body),
  } as unknown as Response;
}

/** The API's error body `{ code, message, requestId, details? }` with this status. */
export const errorResponse = (status: number, code: string, message: string, details?: unknown) =>
  jsonResponse(status, { code, message, requestId: `req-${status}`, details });
