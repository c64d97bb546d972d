import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { type KeycloakUsers } from './keycloak-users.port';

const TIMEOUT_MS = 10_000;
/** A token is renewed this long before Keycloak says it expires. */
const EARLY_RENEWAL_MS = 30_000;

/** Keycloak did not do what was asked (retried by the caller); never shown to a user. */
export class KeycloakAdminError extends Error {}

/**
 * `KeycloakUsers` over Keycloak's admin REST API: a client-credentials token of the
 * confidential client `KEYCLOAK_ADMIN_CLIENT_ID` (its service account holds realm-management
 * `manage-users`), kept until shortly before it expires, then
 * `DELETE /admin/realms/{realm}/users/{id}`: 204 deleted, 404 already gone. A 401 (a token
 * revoked or a realm re-imported) drops the token and tries once more with a new one.
 */
@Injectable()
export class KeycloakAdminClient implements KeycloakUsers {
  private token: { value: string; renewAt: number } | null = null;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  async delete(userId: string): Promise<'deleted' | 'already_gone'> {
    const base = this.config.KEYCLOAK_ADMIN_URL;
    if (!base) throw new KeycloakAdminError('KEYCLOAK_URL / KEYCLOAK_ADMIN_URL is not set');
    const url = `${base}/admin/realms/${encodeURIComponent(this.config.KEYCLOAK_REALM)}/users/${encodeURIComponent(userId)}`;
    for (let attempt = 1; ; attempt++) {
      const res = await this.fetch(url, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await this.accessToken()}` },
      });
      await res.body?.cancel();
      if (res.status === 204 || res.status === 200) return 'deleted';
      if (res.status === 404) return 'already_gone';
      if (res.status === 401 && attempt === 1) {
        this.token = null;
        continue;
      }
      throw new KeycloakAdminError(`Keycloak DELETE user answered HTTP ${res.status}`);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    const secret = this.config.KEYCLOAK_ADMIN_CLIENT_SECRET;
    if (!secret) throw new KeycloakAdminError('KEYCLOAK_ADMIN_CLIENT_SECRET is not set');
    const res = await this.fetch(
      `${this.config.KEYCLOAK_ADMIN_URL}/realms/${encodeURIComponent(this.config.KEYCLOAK_REALM)}/protocol/openid-connect/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.config.KEYCLOAK_ADMIN_CLIENT_ID,
          client_secret: secret,
        }).toString(),
      },
    );
    const body = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (res.status !== 200 || typeof body?.access_token !== 'string')
      throw new KeycloakAdminError(
        `Keycloak token request for client ${this.config.KEYCLOAK_ADMIN_CLIENT_ID} answered HTTP ${res.status}`,
      );
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 60) * 1000;
    this.token = {
      value: body.access_token,
      renewAt: Date.now() + Math.max(0, lifetimeMs - EARLY_RENEWAL_MS),
    };
    return body.access_token;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new KeycloakAdminError(
        `Keycloak unreachable: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}
