import { request, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The messaging service's WebSocket endpoint (architecture §8), reached through the gateway. */
export const WS_PATH = '/ws';

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Forwards WebSocket upgrades of `/ws` to the messaging service and then pipes bytes both ways.
 * No token is read here: the client authenticates inside the socket (first message), so the
 * access token never appears in a URL or in the gateway's access log.
 */
export function attachWebSocketProxy(server: Server, upstream: string | undefined): () => void {
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== WS_PATH) return refuse(socket, 404, 'Not Found');
    if (!upstream) return refuse(socket, 503, 'Service Unavailable');
    socket.on('error', () => socket.destroy());
    const target = new URL(WS_PATH, upstream);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const proxyReq = request({
      hostname: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'GET',
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor },
      timeout: 10_000,
    });
    proxyReq.on('upgrade', (res, upstreamSocket, upstreamHead) => {
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      const lines = [`HTTP/1.1 101 Switching Protocols`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      }
      socket.write(lines.join('\r\n') + '\r\n\r\n');
      if (upstreamHead.length) socket.write(upstreamHead);
      if (head.length) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    proxyReq.on('response', (res) => {
      refuse(socket, res.statusCode ?? 502, res.statusMessage ?? 'Bad Gateway');
      res.resume();
    });
    proxyReq.on('timeout', () => proxyReq.destroy(new Error('timeout')));
    proxyReq.on('error', () => refuse(socket, 502, 'Bad Gateway'));
    proxyReq.end();
  };
  server.on('upgrade', onUpgrade);
  return () => server.off('upgrade', onUpgrade);
}
