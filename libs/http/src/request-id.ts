import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request ids flow gateway → service in `x-request-id`. A client-sent id is kept only when
 * it looks like an id, so logs cannot be polluted through the header.
 */
export function requestIdFor(req: IncomingMessage): string {
  const existing = (req as IncomingMessage & { id?: unknown }).id;
  if (typeof existing === 'string') return existing;
  const header = req.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  const id = value && SAFE_ID.test(value) ? value : randomUUID();
  (req as IncomingMessage & { id?: string }).id = id;
  return id;
}
