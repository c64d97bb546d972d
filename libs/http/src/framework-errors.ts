import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { replyWithError, toErrorResponse } from './error.filter';

/**
 * Fastify's own error paths, outside Nest's exception filters, answered in the house shape
 * `{ code, message, requestId }`: router errors (bad URL encoding, a path parameter too long),
 * errors of plugin scopes registered before Nest installs its handler (identity's /oidc), and
 * errors raised before any request object exists (header overflow, malformed HTTP).
 */
export function houseErrorHandler(
  error: FastifyError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  replyWithError(error, String(req.id), reply, req.log);
}

const FRAMEWORK_STATUS: Record<string, number> = {
  FST_ERR_BAD_URL: 400,
  FST_ERR_MAX_PARAM_LENGTH: 414,
  FST_ERR_ASYNC_CONSTRAINT: 500,
};

export function frameworkErrors(
  error: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = FRAMEWORK_STATUS[error.code] ?? 400;
  houseErrorHandler(Object.assign(error, { statusCode }), req, reply);
}

/** Errors Node's HTTP parser raises before Fastify sees a request (431, 408, malformed). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const { body } = toErrorResponse({ statusCode: status }, randomUUID());
  const json = JSON.stringify(body);
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    431: 'Request Header Fields Too Large',
  }[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** Depth of nested arrays/objects in a JSON text, counted without parsing it. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
