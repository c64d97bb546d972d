import 'reflect-metadata';
import { TokenVerifier } from '@loadout/auth';
import { buildSignUp } from '../factories/sign-up.factory';
import { startIdentity, type RunningIdentity } from './identity-app';
import { relyingParty, type RelyingParty } from './oidc-flow';

export interface OutboxRow {
  topic: string;
  envelope: { actorId: string | null; payload: Record<string, unknown> };
}

export interface CallInit {
  method?: string;
  body?: unknown;
  token?: string;
  ip?: string;
}

let ipCounter = 0;

/**
 * Identity in embedded mode over HTTP on a throwaway database (the kit's service under test),
 * started in `beforeAll` and stopped in `afterAll` of the calling spec file; openid-client
 * plays the relying party. `env` (read when the app starts, so a stand-in started in an earlier
 * `beforeAll` can give its URL) adds to the configuration.
 */
export function useIdentityApp(env: () => Record<string, string> = () => ({})) {
  let identity: RunningIdentity;
  let rp: RelyingParty;
  let verifier: TokenVerifier;

  beforeAll(async () => {
    identity = await startIdentity({ env: env() });
    rp = await relyingParty(identity.config.OIDC_ISSUER);
    // The check the gateway and every service make (ADR 0006).
    verifier = new TokenVerifier({
      issuer: identity.config.OIDC_ISSUER,
      jwksUrl: `${identity.base}/oidc/jwks`,
      audience: identity.config.AUTH_AUDIENCE,
    });
    // Database, migrations and the provider's keys take longer than 5 s on a busy machine.
  }, 60_000);

  afterAll(async () => {
    await identity?.close();
  });

  const call = async <T = unknown>(path: string, init: CallInit = {}) => {
    const res = await identity.call<T>(path, {
      method: init.method,
      json: init.body,
      token: init.token,
      headers: init.ip ? { 'x-loadout-client-ip': init.ip } : {},
    });
    return { status: res.status, body: res.body };
  };

  const outbox = async (aggregateId: string): Promise<OutboxRow[]> =>
    identity.ds.query(
      `SELECT topic, envelope FROM identity.outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [aggregateId],
    );

  const userIdOf = async (email: string): Promise<string> =>
    (
      (await identity.ds.query(`SELECT id FROM identity.users WHERE lower(email) = lower($1)`, [
        email,
      ])) as Array<{ id: string }>
    )[0]!.id;

  const tokenFromLink = (link: string) => new URL(link).searchParams.get('token')!;

  /** A signed-up account whose email is verified through the link of its outbox event. */
  async function signUpAndVerify(overrides = {}) {
    const input = buildSignUp(overrides);
    const res = await call('/api/v1/auth/sign-up', { body: input });
    expect(res.status).toBe(201);
    const id = await userIdOf(input.email);
    const requested = (await outbox(id)).find(
      (r) => r.topic === 'identity.user.verification_requested.v1',
    )!;
    const verified = await call('/api/v1/auth/verify-email', {
      body: { token: tokenFromLink(String(requested.envelope.payload['verifyUrl'])) },
    });
    expect(verified.status).toBe(200);
    return { ...input, id };
  }

  return {
    get ds() {
      return identity.ds;
    },
    get identity() {
      return identity;
    },
    get base() {
      return identity.base;
    },
    get rp() {
      return rp;
    },
    get verifier() {
      return verifier;
    },
    /** Each test its own client address, so per-IP sign-in limits never leak between tests. */
    freshIp: () => `198.51.100.${++ipCounter}`,
    call,
    outbox,
    userIdOf,
    tokenFromLink,
    signUpAndVerify,
    /** Stops the app and starts it again on the same port and database. */
    restart: () => identity.restart(),
  };
}
