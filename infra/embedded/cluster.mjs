// `npm run start:cluster`: Kafka, Keycloak and Redis for the distributed mode, the demo
// accounts in Keycloak, Keycloak's mail into the development mailbox, and stopping what it
// started. Loaded by start.mjs after `npm ci`, so dependencies may be used.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

/** Redis answers PING at `url` (cluster mode needs it for caches, rate limits and fan-out). */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(String(d).startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const decodeQuotedPrintable = (text) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** Headers (lower-case names, folded lines joined) and body of one MIME entity. */
function splitEntity(raw) {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody({ headers, body }) {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  return body;
}

/** Subject, text and HTML of a message as Keycloak sends it (multipart/alternative). */
export function parseMail(raw) {
  const top = splitEntity(raw);
  const parts = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers['content-type'] ?? '')?.[1];
  if (boundary)
    for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(splitEntity(chunk.replace(/^\r?\n/, '')));
    }
  else parts.push(top);
  const ofType = (type) =>
    parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    subject: (top.headers.subject ?? '(no subject)').replace(/=\?utf-8\?q\?([^?]*)\?=/gi, (_, q) =>
      Buffer.from(decodeQuotedPrintable(q.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    ),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
  };
}

/**
 * An SMTP server on a free loopback port that files every message in the development mailbox
 * (notifications' dev_mailbox table, read at /dev/mailbox), so Keycloak's verification and
 * reset mails land where `npm start`'s do.
 */
export async function startMailboxSmtp(databaseUrl, log) {
  const { SMTPServer } = await import('smtp-server');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = parseMail(raw);
        const inserts = session.envelope.rcptTo.map((r) =>
          pool.query(
            `INSERT INTO "notifications"."dev_mailbox" ("id", "to", "subject", "text", "html", "headers")
             VALUES ($1, $2, $3, $4, $5, '{}')`,
            [
              randomBytes(16).toString('base64url').slice(0, 21),
              r.address.toLowerCase(),
              mail.subject.slice(0, 300),
              mail.text,
              mail.html,
            ],
          ),
        );
        Promise.all(inserts).then(
          () => callback(),
          (err) => {
            log(`Keycloak mail not filed in the dev mailbox: ${err.message}`);
            callback(err);
          },
        );
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.server.address().port,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

/** The demo accounts of identity's seed (the built file, so the list lives once). */
function demoUsers(root) {
  const require = createRequire(import.meta.url);
  const { DEMO_USERS, DEMO_PASSWORD } = require(
    path.join(root, 'dist/services/identity/src/seed/demo-users.js'),
  );
  return {
    password: DEMO_PASSWORD,
    users: DEMO_USERS.map((u) => ({
      email: u.email,
      username: u.username,
      // The realm's person-name validator refuses parentheses: "Demo Buyer (example)" → "Demo Buyer".
      fullName: u.fullName.replace(/\s*\([^)]*\)\s*$/, ''),
      roles: u.role === 'admin' ? ['admin'] : [],
    })),
  };
}

/**
 * Kafka, Keycloak and Redis for the cluster, and the environment that points services at them.
 * `stop()` stops the Kafka and Keycloak this call started (never ones it found running or was
 * given) and the mail bridge.
 */
export async function startClusterServices({ root, publicUrl, databaseUrl, log }) {
  const stops = [];
  const left = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };
  try {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(redisUrl)))
      throw new Error(
        `no Redis answers at ${redisUrl}: start one (redis-server) or set REDIS_URL.`,
      );
    let brokers = process.env.KAFKA_BROKERS;
    const kafkaServer = await import('../kafka/server.mjs');
    if (!brokers) {
      const kafka = await kafkaServer.startKafka();
      brokers = kafka.brokers.join(',');
      if (kafka.reused) left.push('Kafka (it was running before: npm run kafka:stop)');
      else stops.push(() => kafkaServer.stopKafka());
    } else {
      // A broker given by KAFKA_BROKERS gets the topics of infra/kafka/topics.txt it lacks (as
      // the topic operator does in Kubernetes): services refuse to subscribe to a missing topic.
      const created = await kafkaServer.createTopics(brokers.split(',').map((b) => b.trim()));
      if (created > 0) log(`created ${created} missing Kafka topics on ${brokers}`);
    }
    let kc;
    if (process.env.KEYCLOAK_URL) {
      kc = {
        url: process.env.KEYCLOAK_URL.replace(/\/$/, ''),
        realm: process.env.KEYCLOAK_REALM ?? 'loadout',
        adminUser: process.env.KEYCLOAK_ADMIN_USER ?? 'admin',
        adminPassword: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
      };
    } else {
      const keycloakServer = await import('../keycloak/server.mjs');
      kc = await keycloakServer.startKeycloak({ publicUrl });
      if (kc.reused) left.push('Keycloak (it was running before: npm run keycloak:stop)');
      else stops.push(() => keycloakServer.stopKeycloak());
    }
    const admin = await import('../keycloak/admin.mjs');
    await admin.allowClientOrigin(kc, publicUrl);
    const mailbox = await startMailboxSmtp(databaseUrl, log);
    stops.push(() => mailbox.close());
    await admin.setRealmSmtp(kc, '127.0.0.1', mailbox.port);
    const demo = demoUsers(root);
    const created = await admin.seedUsers(kc, demo.users, demo.password);
    if (created.length > 0) log(`demo accounts created in Keycloak: ${created.join(', ')}`);
    const issuer = `${kc.url}/realms/${kc.realm}`;
    log(
      `distributed mode: Kafka ${brokers}, Keycloak ${issuer} (mail → /dev/mailbox), Redis ${redisUrl}`,
    );
    return {
      env: {
        EVENT_TRANSPORT: 'kafka',
        KAFKA_BROKERS: brokers,
        REDIS_URL: redisUrl,
        IDENTITY_PROVIDER: 'keycloak',
        KEYCLOAK_URL: kc.url,
        KEYCLOAK_REALM: kc.realm,
        // identity deletes a deleted account's realm user as this client (ADR 0039); the realm
        // the launcher started imports the same secret (infra/keycloak/server.mjs).
        KEYCLOAK_ADMIN_CLIENT_SECRET:
          process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? 'loadout-identity-dev-only-secret',
        AUTH_ISSUER: issuer,
        AUTH_JWKS_URL: `${issuer}/protocol/openid-connect/certs`,
        // The realm's audience mapper puts it in access tokens only (never in ID tokens).
        AUTH_AUDIENCE: 'loadout-api',
      },
      /** What stays running after the launcher stops, and how to stop it. */
      left,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
