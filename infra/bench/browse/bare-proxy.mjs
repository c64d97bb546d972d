#!/usr/bin/env node
// The floor under the gateway hop (issue 28): node:http in front, undici's kept-alive pool
// behind, the answer gathered and sent back; nothing else (no Fastify, no Nest, no request id,
// headers, rate limit, token check, logging or metrics). gateway-hop.mjs --baseline bare runs it
// as the "before" side: what forwarding itself costs on this machine.
//
//   PORT=… UPSTREAM=http://127.0.0.1:… node infra/bench/browse/bare-proxy.mjs
import http from 'node:http';
import { Agent } from 'undici';

const upstream = process.env.UPSTREAM;
if (!upstream) throw new Error('UPSTREAM is required');
const agent = new Agent({ connections: 16, keepAliveTimeout: 60_000 });

const server = http.createServer((req, res) => {
  req.resume();
  const chunks = [];
  agent.dispatch(
    {
      origin: upstream,
      path: req.url,
      method: req.method,
      headers: { accept: 'application/json' },
    },
    {
      onRequestStart() {},
      onResponseStart(_controller, status, headers) {
        res.statusCode = status;
        if (headers['content-type']) res.setHeader('content-type', headers['content-type']);
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        res.end(Buffer.concat(chunks));
      },
      onResponseError() {
        res.statusCode = 502;
        res.end();
      },
    },
  );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
