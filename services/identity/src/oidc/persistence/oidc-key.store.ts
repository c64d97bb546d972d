import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { type DataSource } from 'typeorm';

export interface ProviderKeys {
  /** Private RS256 JWKs; the first one signs, all are published. */
  jwks: JWK[];
  cookieKeys: string[];
}

/**
 * Keys are created on first start and reused on every start after, so tokens and cookies
 * issued before a restart stay valid. An advisory lock keeps two replicas from both creating.
 */
export async function loadOrCreateKeys(dataSource: DataSource): Promise<ProviderKeys> {
  return dataSource.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity.oidc_keys'))`);
    const read = async () =>
      (await tx.query(
        `SELECT "kind", "material" FROM "identity"."oidc_keys" ORDER BY "created_at" DESC, "id"`,
      )) as Array<{ kind: string; material: Record<string, unknown> }>;
    let rows = await read();
    if (!rows.some((r) => r.kind === 'signing')) {
      const { privateKey } = await generateKeyPair('RS256', {
        modulusLength: 2048,
        extractable: true,
      });
      const kid = randomBytes(12).toString('base64url');
      const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
      await tx.query(
        `INSERT INTO "identity"."oidc_keys" ("id", "kind", "material") VALUES ($1, 'signing', $2::jsonb)`,
        [`signing-${kid}`, JSON.stringify(jwk)],
      );
    }
    if (!rows.some((r) => r.kind === 'cookie')) {
      const secret = randomBytes(32).toString('base64url');
      await tx.query(
        `INSERT INTO "identity"."oidc_keys" ("id", "kind", "material") VALUES ($1, 'cookie', $2::jsonb)`,
        [`cookie-${randomBytes(8).toString('hex')}`, JSON.stringify({ secret })],
      );
    }
    rows = await read();
    return {
      jwks: rows.filter((r) => r.kind === 'signing').map((r) => r.material as JWK),
      cookieKeys: rows.filter((r) => r.kind === 'cookie').map((r) => String(r.material['secret'])),
    };
  });
}
