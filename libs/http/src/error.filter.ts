import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from '@loadout/errors';

const CODE_BY_STATUS: Record<number, [string, string]> = {
  400: ['COMMON.BAD_REQUEST', 'The request could not be understood.'],
  401: ['AUTH.REQUIRED', 'Please sign in to continue.'],
  403: ['AUTH.FORBIDDEN', "You don't have permission to do that."],
  404: ['COMMON.NOT_FOUND', 'The page or item you asked for does not exist.'],
  405: ['COMMON.METHOD_NOT_ALLOWED', 'That action is not allowed here.'],
  408: ['COMMON.REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.'],
  409: ['COMMON.CONFLICT', 'That conflicts with the current state. Refresh and try again.'],
  413: ['COMMON.PAYLOAD_TOO_LARGE', 'The request is too large.'],
  414: ['COMMON.URI_TOO_LONG', 'The address is too long.'],
  415: [
    'HTTP.UNSUPPORTED_MEDIA_TYPE',
    'Send the request as JSON (Content-Type: application/json).',
  ],
  431: ['COMMON.HEADERS_TOO_LARGE', 'The request headers are too large.'],
  429: ['COMMON.RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'],
  503: ['COMMON.UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.'],
};

/** Messages of pg's pool (and TypeORM on it) when no connection could be had in time. */
const POOL_UNAVAILABLE =
  /^(timeout exceeded when trying to connect|Connection terminated (unexpectedly|due to connection timeout)|Cannot use a pool after calling end on the pool)/;
/** Node socket errors of a database that is not there. */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * Whether `exception` says the database could not be used right now, rather than that the
 * request was wrong: a connection exception (SQLSTATE class 08), the server out of resources
 * (class 53, e.g. `too_many_connections`), shutting down or starting (57P01–57P03), a statement
 * cancelled by its timeout (57014), or the pool finding no connection in time. Such a request
 * may succeed a moment later, so it is a 503 to retry, not a 500.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  for (let e = exception, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, message, driverError, cause } = e as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014')
        return true;
      if (SOCKET_UNAVAILABLE.has(code) && e instanceof Error) return true;
    }
    if (typeof message === 'string' && POOL_UNAVAILABLE.test(message)) return true;
    e = driverError ?? cause;
  }
  return false;
}

/** Maps any thrown value to the status and error body; the message never leaks internals. */
export function toErrorResponse(
  exception: unknown,
  requestId: string,
): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) {
    const body: ErrorBody = { code: exception.code, message: exception.message, requestId };
    if (exception.details !== undefined) body.details = exception.details;
    return { status: exception.status, body };
  }
  if (!(exception instanceof HttpException) && isDatabaseUnavailable(exception)) {
    const [code, message] = CODE_BY_STATUS[503]!;
    return { status: 503, body: { code, message, requestId } };
  }
  const status =
    exception instanceof HttpException
      ? exception.getStatus()
      : typeof (exception as { statusCode?: unknown })?.statusCode === 'number'
        ? (exception as { statusCode: number }).statusCode
        : 500;
  if (status >= 500 && !CODE_BY_STATUS[status]) {
    return {
      status: 500,
      body: {
        code: 'COMMON.INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
        requestId,
      },
    };
  }
  const [code, message] = CODE_BY_STATUS[status] ?? [
    'COMMON.BAD_REQUEST',
    'The request could not be processed.',
  ];
  return { status, body: { code, message, requestId } };
}

/** Where a failed request is said: Nest's `Logger` or a request's pino logger. */
interface FailureLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Answers `exception` in the house shape, the one way for Nest's filter and Fastify's own error
 * paths: a database that is away is a warning with `Retry-After`, any other 5xx an error.
 */
export function replyWithError(
  exception: unknown,
  requestId: string,
  reply: FastifyReply,
  log: FailureLog,
): void {
  const { status, body } = toErrorResponse(exception, requestId);
  if (status === 503 && body.code === 'COMMON.UNAVAILABLE') {
    // The database is busy or away: an operator's warning, retried by the caller.
    log.warn({ err: exception, requestId }, 'database unavailable');
    void reply.header('retry-after', '1');
  } else if (status >= 500) log.error({ err: exception, requestId }, 'request failed');
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    replyWithError(exception, String(req.id), ctx.getResponse<FastifyReply>(), this.logger);
  }
}
