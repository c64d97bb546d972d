// A TCP proxy in front of PostgreSQL that counts the statements clients execute: simple-query
// ('Q') and extended-protocol Execute ('E') messages, in total and per connection. Exact and immediate, unlike
// pg_stat_database (which backends publish lazily) — used to check "≤ 2 SQL per request".
import net from 'node:net';

/** The outbox relay's and event consumers' statements (libs/events), and transaction control. */
const BACKGROUND =
  /event_bus|\boutbox\b|\binbox\b|dead_letter|consumer_offsets|\bpg_(try_)?advisory|pg_notify|^\s*(BEGIN|COMMIT|ROLLBACK|LISTEN|UNLISTEN|NOTIFY|SET|SHOW)\b/i;
export const isBackground = (sql) => BACKGROUND.test(sql);

export async function startStatementCounter(targetHost, targetPort) {
  let count = 0;
  let requestCount = 0;
  const lastRequestSql = [];
  let nextId = 0;
  const perConnection = new Map();
  const sockets = new Set();
  const server = net.createServer((client) => {
    const id = nextId++;
    perConnection.set(id, 0);
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let parsed = '';
    let started = false; // the startup (and SSL request) messages have no type byte
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // 80877103 = SSLRequest, a startup follows
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const type = String.fromCharCode(buffer[0]);
        const body = buffer.subarray(5, 1 + length);
        if (type === 'P') {
          // Parse: statement name, then the SQL text (both NUL-terminated).
          const nameEnd = body.indexOf(0);
          parsed = body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString('utf8');
        }
        if (type === 'Q' || type === 'E') {
          const sql = type === 'Q' ? body.subarray(0, body.indexOf(0)).toString('utf8') : parsed;
          count++;
          perConnection.set(id, perConnection.get(id) + 1);
          if (!isBackground(sql)) {
            requestCount++;
            lastRequestSql.push(sql.replace(/\s+/g, ' ').slice(0, 120));
            if (lastRequestSql.length > 20) lastRequestSql.shift();
          }
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    count: () => count,
    /** Statements that are not the event machinery's (outbox relay, consumers, inbox). */
    requestCount: () => requestCount,
    /** The latest statements counted as requests' (to see what an unexpected one was). */
    recentRequestSql: () => [...lastRequestSql],
    /** Statements per connection so far (connection ids in order of arrival). */
    byConnection: () => new Map(perConnection),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(resolve);
      }),
  };
}
