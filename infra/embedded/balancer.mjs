// A round-robin TCP balancer in front of a service's replicas (`npm run start:cluster`), as a
// Kubernetes Service is in front of its pods: the gateway keeps one upstream URL per service.
// A replica that refuses the connection is skipped for that connection.
import net from 'node:net';

export function startBalancer({ port, host = '127.0.0.1', backends, onError = () => {} }) {
  let next = 0;
  const server = net.createServer((client) => {
    client.pause();
    const tryBackend = (attempt) => {
      const backend = backends[(next++ + attempt) % backends.length];
      const upstream = net.connect({ port: backend, host });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        client.pipe(upstream).pipe(client);
        client.resume();
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on('error', close);
        client.on('error', close);
      });
      upstream.once('error', (err) => {
        if (attempt + 1 < backends.length) tryBackend(attempt + 1);
        else {
          onError(err);
          client.destroy();
        }
      });
    };
    tryBackend(0);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ close: () => new Promise((r) => server.close(r)) }));
  });
}
