#!/usr/bin/env node
// A Keycloak development server (`kc.sh start-dev`, no Docker) with the `loadout` realm of
// infra/keycloak/loadout-realm.json imported, fetched from Maven Central by infra/jvm/pom.xml.
//
//   npm run keycloak:start   fetch + unpack if missing, start, wait until the realm answers
//   npm run keycloak:stop    stop it cleanly (SIGTERM, then SIGKILL after 30 s)
//   node infra/keycloak/server.mjs status|fetch
//
// The realm file holds placeholders (`${LOADOUT_PUBLIC_URL:…}`, `${LOADOUT_SMTP_HOST:…}`) that
// Keycloak resolves from its environment at import: the same file serves this script, compose
// and Kubernetes. Variables: KEYCLOAK_PORT (18080), KEYCLOAK_VERSION, KEYCLOAK_FRESH=1 (forget
// users and re-import), KEYCLOAK_ADMIN_USER / KEYCLOAK_ADMIN_PASSWORD (master admin, admin/admin
// by default — the server listens on 127.0.0.1 only), PUBLIC_URL, SMTP_HOST / SMTP_PORT.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheDir,
  findJdk,
  mavenFetch,
  readPid,
  root,
  runDir,
  runServerCli,
  say,
  startDetached,
  stopServer,
  waitUntil,
} from '../jvm/jvm.mjs';

/** The newest 26.x; it needs Java 21+, so the script picks the Temurin 25 JDK when present. */
export const KEYCLOAK_VERSION = process.env.KEYCLOAK_VERSION ?? '26.7.3';
export const KEYCLOAK_REALM = 'loadout';
const NAME = 'keycloak';
const MIN_JAVA = 21;
const realmFile = path.join(root, 'infra/keycloak/loadout-realm.json');

const keycloakPort = (opts = {}) => Number(opts.port ?? process.env.KEYCLOAK_PORT ?? 18080);

/** The unpacked distribution (one per version, shared by every instance). */
export function fetchKeycloak() {
  const home = path.join(cacheDir(), `keycloak-${KEYCLOAK_VERSION}`);
  if (existsSync(path.join(home, 'bin/kc.sh'))) return home;
  const archive = path.join(cacheDir(), `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`);
  if (!existsSync(archive)) {
    say(
      NAME,
      `fetching org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:tar.gz from Maven Central…`,
    );
    mavenFetch('keycloak', { 'keycloak.version': KEYCLOAK_VERSION });
  }
  const res = spawnSync('tar', ['xzf', archive, '-C', cacheDir()], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`unpacking ${archive} failed: ${res.stderr}`);
  return home;
}

/** What the realm placeholders resolve to here. */
export function realmEnvironment(opts = {}) {
  return {
    LOADOUT_PUBLIC_URL: opts.publicUrl ?? process.env.PUBLIC_URL ?? 'http://localhost:8080',
    LOADOUT_SMTP_HOST: opts.smtpHost ?? process.env.SMTP_HOST ?? '127.0.0.1',
    LOADOUT_SMTP_PORT: String(opts.smtpPort ?? process.env.SMTP_PORT ?? 1025),
    LOADOUT_MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@loadout.ie',
    LOADOUT_SMTP_AUTH: process.env.SMTP_AUTH ?? 'false',
    LOADOUT_SMTP_USER: process.env.SMTP_USER ?? '',
    LOADOUT_SMTP_PASSWORD: process.env.SMTP_PASSWORD ?? '',
    LOADOUT_SMTP_SSL: process.env.SMTP_SSL ?? 'false',
    LOADOUT_SMTP_STARTTLS: process.env.SMTP_STARTTLS ?? 'false',
    // identity's confidential client (account deletion deletes the realm user, ADR 0039)
    LOADOUT_IDENTITY_CLIENT_SECRET:
      process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? 'loadout-identity-dev-only-secret',
  };
}

/**
 * Starts Keycloak unless ours already runs on the port; resolves once the realm's discovery
 * document answers, with `{ url, realm, issuer, adminUser, adminPassword, startupMs, reused }`.
 */
export async function startKeycloak(opts = {}) {
  const port = keycloakPort(opts);
  const url = `http://localhost:${port}`;
  const adminUser = process.env.KEYCLOAK_ADMIN_USER ?? 'admin';
  const adminPassword = process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin';
  const result = (startupMs, reused) => ({
    url,
    realm: KEYCLOAK_REALM,
    issuer: `${url}/realms/${KEYCLOAK_REALM}`,
    adminUser,
    adminPassword,
    startupMs,
    reused,
  });
  const dir = runDir(NAME, port);
  const pidFile = path.join(dir, 'pid');
  const logFile = path.join(dir, 'server.log');
  if (readPid(pidFile)) {
    say(NAME, `already running at ${url} (pid ${readPid(pidFile)})`);
    return result(0, true);
  }
  const home = fetchKeycloak();
  const jdk = findJdk(MIN_JAVA);
  const env = realmEnvironment(opts);

  // The H2 database of this instance lives in the run directory; a changed realm file or
  // environment means a fresh import (Keycloak skips a realm that already exists).
  const dataDir = path.join(dir, 'data');
  // --import-realm reads <home>/data/import (the unpacked distribution in the cache).
  const importDir = path.join(home, 'data/import');
  const realmText = readFileSync(realmFile, 'utf8');
  const stamp = createHash('sha256').update(realmText).update(JSON.stringify(env)).digest('hex');
  const stampFile = path.join(dir, 'realm.sha256');
  const fresh =
    (opts.fresh ?? process.env.KEYCLOAK_FRESH === '1') ||
    !existsSync(stampFile) ||
    readFileSync(stampFile, 'utf8') !== stamp;
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(importDir, { recursive: true });
  copyFileSync(realmFile, path.join(importDir, 'loadout-realm.json'));

  // Import is idempotent (a realm that exists is skipped), so the stamp may go first.
  writeFileSync(stampFile, stamp);
  const started = Date.now();
  const pid = startDetached({
    cmd: path.join(home, 'bin/kc.sh'),
    args: [
      'start-dev',
      '--import-realm',
      `--http-port=${port}`,
      '--http-host=127.0.0.1',
      // Tokens carry this issuer whichever address a client used (services check AUTH_ISSUER).
      `--hostname=${url}`,
      '--hostname-backchannel-dynamic=true',
      `--http-management-port=${Number(process.env.KEYCLOAK_MANAGEMENT_PORT ?? port + 1)}`,
      '--health-enabled=true',
      `--db-url=jdbc:h2:file:${path.join(dataDir, 'keycloakdb')};NON_KEYWORDS=VALUE;AUTO_SERVER=TRUE`,
    ],
    env: {
      ...env,
      JAVA_HOME: jdk.home,
      KC_BOOTSTRAP_ADMIN_USERNAME: adminUser,
      KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      JAVA_OPTS_KC_HEAP: `-Xms128m -Xmx${process.env.KEYCLOAK_HEAP ?? '768m'}`,
    },
    cwd: dir,
    logFile,
    pidFile,
  });
  say(
    NAME,
    `Keycloak ${KEYCLOAK_VERSION} on Java ${jdk.major} starting (pid ${pid}, log ${logFile})…`,
  );
  await waitUntil(
    'Keycloak',
    async () => {
      const res = await fetch(
        `http://127.0.0.1:${port}/realms/${KEYCLOAK_REALM}/.well-known/openid-configuration`,
        {
          signal: AbortSignal.timeout(2000),
        },
      );
      return res.ok;
    },
    { pid, timeoutMs: Number(process.env.KEYCLOAK_START_TIMEOUT_MS ?? 600_000), logFile },
  );
  const startupMs = Date.now() - started;
  say(
    NAME,
    `ready at ${url} (realm ${KEYCLOAK_REALM}) in ${(startupMs / 1000).toFixed(1)} s — admin console ${url}/admin (${adminUser})`,
  );
  return result(startupMs, false);
}

export function stopKeycloak(opts = {}) {
  return stopServer(NAME, keycloakPort(opts));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runServerCli(NAME, {
    port: () => keycloakPort(),
    start: () => startKeycloak(),
    fetch: async () => say(NAME, `distribution in ${fetchKeycloak()}`),
    where: (port) => `at http://localhost:${port}`,
  });
}
