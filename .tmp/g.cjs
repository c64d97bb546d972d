process.chdir('/work/wt/perf');
require('reflect-metadata');
const http = require('http');
const BIG = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: `f-${i}`, name: `Field number ${i}` })) });
const up = http.createServer((req, res) => { res.setHeader('content-type', 'application/json; charset=utf-8'); res.end(BIG); }).listen(0, async () => {
  const { createGateway } = require('/work/wt/perf/dist/gateway/src/create-gateway.js');
  const { loadGatewayConfig } = require('/work/wt/perf/dist/gateway/src/gateway.config.js');
  const app = await createGateway(Object.assign(loadGatewayConfig({ UPSTREAM_FIELDS_URL: `http://127.0.0.1:${up.address().port}`, LOG_LEVEL: 'warn', BROWSE_CACHE_TTL_SECONDS: process.env.TTL ?? '10' }), { MANAGEMENT_PORT: undefined }));
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;
  http.get({ port, path: '/api/v1/fields/big', headers: { 'accept-encoding': 'br' } }, (res) => {
    console.log(res.statusCode, res.headers); res.resume(); res.on('end', async () => { const t=Date.now(); await app.close(); console.log('closed in', Date.now()-t); up.close(); });
  });
});
