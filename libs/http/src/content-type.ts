import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { type HttpAdapterHost, Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@loadout/errors';

const BODY_TYPES = Symbol('loadout.bodyTypes');

/**
 * The request body types a route takes besides JSON (e.g. `application/octet-stream` for an
 * upload part), or `'*'` for a route that forwards bodies untouched (the gateway's proxy).
 */
export const AcceptsBody = (...types: string[]) => SetMetadata(BODY_TYPES, types);

/**
 * Lets Fastify read bodies of these types as a Buffer, up to `bodyLimit` bytes (a larger one
 * is answered 413 before it is read); Fastify parses only JSON and text by itself. Call it in
 * a module's `onModuleInit`; the routes that take such bodies say so with `@AcceptsBody`. A
 * type that already has a parser keeps it.
 */
export function acceptRawBodies(
  adapterHost: HttpAdapterHost,
  types: readonly string[],
  bodyLimit: number,
): void {
  const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
  if (!fastify) return;
  for (const type of types) {
    if (!fastify.hasContentTypeParser(type))
      fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
        done(null, body),
      );
  }
}

const mediaType = (header: string | undefined) =>
  (header ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) =>
  type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * JSON APIs take JSON only: a form-encoded or text body is refused with 415 before any handler
 * runs, so a cross-site HTML form (which cannot send application/json without a preflight)
 * can never post to them. A guard, not an interceptor: a global interceptor keeps Nest's rxjs
 * interceptor chain on every request (ADR 0053). createApp adds it after the auth guard, so an
 * unauthenticated call is still answered 401 first, as when it was an interceptor.
 */
@Injectable()
export class JsonOnlyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    if (!hasBody(req)) return true;
    const allowed =
      this.reflector.getAllAndOverride<string[] | undefined>(BODY_TYPES, [
        ctx.getHandler(),
        ctx.getClass(),
      ]) ?? [];
    if (allowed.includes('*')) return true;
    const type = mediaType(req.headers['content-type']);
    if (isJson(type) || allowed.includes(type)) return true;
    throw unsupportedMediaType(allowed);
  }
}

/**
 * 415 naming what the route takes (issue 22 item 11): a photo route lists its image types, a
 * JSON route JSON. The code stays `HTTP.UNSUPPORTED_MEDIA_TYPE`; `details.accepted` lists them.
 */
export function unsupportedMediaType(declared: readonly string[]): AppError {
  if (declared.length === 0)
    return new AppError(
      'HTTP.UNSUPPORTED_MEDIA_TYPE',
      'Send the body as JSON (Content-Type: application/json).',
      'unsupported_media_type',
      { accepted: ['application/json'] },
    );
  const list =
    declared.length === 1
      ? declared[0]!
      : `${declared.slice(0, -1).join(', ')} or ${declared[declared.length - 1]!}`;
  return new AppError(
    'HTTP.UNSUPPORTED_MEDIA_TYPE',
    `This route takes ${list} (Content-Type).`,
    'unsupported_media_type',
    { accepted: [...declared] },
  );
}
