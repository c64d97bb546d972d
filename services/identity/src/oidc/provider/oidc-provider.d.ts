// The parts of oidc-provider 9 (which ships no types) that identity uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    accountId?: string;
    consumed?: unknown;
    exp?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    grantId?: string;
    session?: { accountId: string; uid: string };
    params: Record<string, unknown> & { client_id: string; scope?: string };
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface OidcContext {
    oidc: { route: string; client?: { clientId: string }; params?: Record<string, unknown> };
    host: string;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
  }

  /** The Koa context of a request, as middleware added with `provider.use` sees it. */
  export interface ProviderRequestContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    set(field: string, value: string): void;
    /** Set by the provider's routes once they ran (after `next()`). */
    oidc?: { client?: { clientId: string } };
  }

  export type ProviderMiddleware = (
    ctx: ProviderRequestContext,
    next: () => Promise<void>,
  ) => Promise<void>;

  export interface RefreshTokenLike {
    accountId?: string;
    clientId?: string;
    expiration: number;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    Grant: typeof Grant;
    RefreshToken: { prototype: { generateTokenId(this: RefreshTokenLike): string } };
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Koa middleware run before the provider's routes (oidc-provider inserts it there). */
    use(middleware: ProviderMiddleware): this;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };

  export default Provider;
}
