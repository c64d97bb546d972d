import 'reflect-metadata';
import { createServer, type AddressInfo } from 'node:net';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, type CreateServiceAppOptions } from '../service-app';
import { createServiceDataSource } from '../service-data-source';
import { type ServiceConfig, type ServiceDefinition } from '../service-definition';

export type CallInit = Omit<RequestInit, 'headers'> & {
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** Sent as the JSON body (the method defaults to POST then). */
  json?: unknown;
  headers?: Record<string, string>;
};

export interface CallResult<T> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; null when the answer is empty or not JSON. */
  body: T;
}

export interface ServiceUnderTest<C extends ServiceConfig = ServiceConfig> {
  readonly config: C;
  readonly db: TestDatabase;
  /** The test issuer the service trusts (throws when started with `issuer: false`). */
  readonly issuer: TestIssuer;
  /** The running app (a new one after `restart`). */
  readonly app: NestFastifyApplication;
  /** A data source of the service's schema, outside the app (for assertions and setup). */
  readonly ds: DataSource;
  /** `http://127.0.0.1:<port>` of the listening app. */
  readonly base: string;
  /** An access token of the test issuer for `sub` (roles default to `user`). */
  token(sub: string, roles?: string[], claims?: Record<string, unknown>): Promise<string>;
  /** HTTP against the service (`path` relative to it, or an absolute URL). */
  call<T = unknown>(path: string, init?: CallInit): Promise<CallResult<T>>;
  /**
   * Stops the app and builds it again with the same configuration, on the same port and
   * database (what a redeploy keeps: whatever the service stored). `stop` replaces the default
   * `app.close()`, for a test that kills the app its own way (a simulated crash); it must free
   * the port.
   */
  restart(stop?: (app: NestFastifyApplication) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceUnderTestOptions {
  /** Part of the throwaway database's name; default the service's name. */
  label?: string;
  /** Variables over the defaults (database, issuer, LOG_LEVEL silent, NODE_ENV test). */
  env?: Record<string, string>;
  /** Options of `createServiceApp` (stand-in modules, consumer tuning, HTTP options). */
  app?: CreateServiceAppOptions;
  /** Starts the definition's consumer groups before listening (default: when it has any). */
  consumers?: boolean;
  /**
   * An issuer to trust instead of a new one, so several services accept the same tokens (the
   * caller closes it). `false`: none, and no AUTH_ISSUER/AUTH_AUDIENCE are set, for a service
   * that is its own issuer (identity's embedded provider).
   */
  issuer?: TestIssuer | false;
  /**
   * The port to listen on (default: a free one). Give one from `freePort()` when the
   * configuration must know the service's own address before it starts (a PUBLIC_URL).
   */
  port?: number;
}

/** A port of 127.0.0.1 nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP call of a test: JSON body and bearer token set, a JSON answer parsed. */
export async function callJson<T = unknown>(
  base: string,
  path: string,
  init: CallInit = {},
): Promise<CallResult<T>> {
  const { token, json, headers: extra, ...rest } = init;
  const headers: Record<string, string> = { ...extra };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    ...rest,
    method: rest.method ?? (json !== undefined ? 'POST' : undefined),
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.includes('json');
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (isJson && text ? JSON.parse(text) : null) as T,
  };
}

/**
 * The service as production builds it (`createServiceApp`), on a throwaway database that is
 * migrated first, trusting a test issuer, listening on a free port of 127.0.0.1.
 */
export async function startServiceUnderTest<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: ServiceUnderTestOptions = {},
): Promise<ServiceUnderTest<C>> {
  const db = await createTestDatabase(options.label ?? definition.name);
  const issuer =
    options.issuer === false ? undefined : (options.issuer ?? (await startTestIssuer()));
  const ownIssuer = options.issuer === undefined;
  let ds: DataSource | undefined;
  let app: NestFastifyApplication | undefined;
  try {
    const config = definition.loadConfig({
      DATABASE_URL: db.url,
      ...(issuer && { AUTH_ISSUER: issuer.issuer, AUTH_AUDIENCE: issuer.audience }),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...options.env,
    });
    ds = createServiceDataSource(definition, config);
    await migrate(ds);
    const consumers = options.consumers ?? (definition.consumers ?? []).length > 0;
    const build = async (port: number): Promise<NestFastifyApplication> => {
      const built = await createServiceApp(definition, config, options.app);
      try {
        if (consumers) await built.startAllMicroservices();
        await built.listen(port, '127.0.0.1');
      } catch (err) {
        await built.close().catch(() => undefined);
        throw err;
      }
      return built;
    };
    app = await build(options.port ?? 0);
    const base = await app.getUrl();
    const port = Number(new URL(base).port);
    let current = app;
    const openDs = ds;
    const trusted = (): TestIssuer => {
      if (!issuer) throw new Error(`${definition.name} was started as its own issuer`);
      return issuer;
    };
    return {
      config,
      db,
      get issuer() {
        return trusted();
      },
      get app() {
        return current;
      },
      ds: openDs,
      base,
      token: async (sub, roles = ['user'], claims = {}) =>
        trusted().sign({ sub, roles, ...claims }),
      call: (path, init) => callJson(base, path, init),
      restart: async (stop = (stopped) => stopped.close()) => {
        await stop(current);
        current = await build(port);
      },
      close: async () => {
        await current.close();
        await openDs.destroy();
        if (ownIssuer) await issuer?.close();
        await db.drop();
      },
    };
  } catch (err) {
    // A failed start leaves nothing behind: no open pool, no listening issuer, no database.
    await app?.close().catch(() => undefined);
    if (ds?.isInitialized) await ds.destroy().catch(() => undefined);
    if (ownIssuer) await issuer?.close().catch(() => undefined);
    await db.drop().catch(() => undefined);
    throw err;
  }
}

/**
 * `startServiceUnderTest` in `beforeAll` and its `close` in `afterAll` of the calling spec
 * file. Read the handle's properties inside tests (they exist once `beforeAll` ran).
 */
export function useServiceUnderTest<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: ServiceUnderTestOptions = {},
): ServiceUnderTest<C> {
  let current: ServiceUnderTest<C> | undefined;
  beforeAll(async () => {
    current = await startServiceUnderTest(definition, options);
    // Database creation and migrations take longer than jest's 5 s on a busy shared machine.
  }, 60_000);
  afterAll(async () => {
    await current?.close();
  }, 30_000);
  const get = (): ServiceUnderTest<C> => {
    if (!current) throw new Error(`${definition.name} is not started yet (use it inside a test)`);
    return current;
  };
  return {
    get config() {
      return get().config;
    },
    get db() {
      return get().db;
    },
    get issuer() {
      return get().issuer;
    },
    get app() {
      return get().app;
    },
    get ds() {
      return get().ds;
    },
    get base() {
      return get().base;
    },
    token: (...args) => get().token(...args),
    call: (path, init) => get().call(path, init),
    restart: (stop) => get().restart(stop),
    close: () => get().close(),
  };
}
