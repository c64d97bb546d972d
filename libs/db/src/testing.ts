import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** URL of the new, empty database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    throw new Error(
      'DATABASE_URL is not set. Run tests through `npm test` / jest (its global setup starts embedded PostgreSQL), or set DATABASE_URL to a server you may create databases on.',
    );
  }
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a throwaway database named `loadout_test_<label>_<random>` on the server of
 * DATABASE_URL (this machine's Postgres, or the embedded one the jest setup started).
 */
export async function createTestDatabase(label = 'db'): Promise<TestDatabase> {
  const admin = serverUrl();
  const name = `loadout_test_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = withDatabase(admin, name);
  return {
    url,
    name,
    async drop() {
      assertTestDatabase(name);
      const c = new Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Integration tests refuse to touch a database whose name lacks "test". */
export function assertTestDatabase(nameOrUrl: string): void {
  const name = nameOrUrl.includes('://') ? new URL(nameOrUrl).pathname.slice(1) : nameOrUrl;
  if (!name.includes('test')) {
    throw new Error(
      `Refusing to run tests against database "${name}": its name must contain "test".`,
    );
  }
}
