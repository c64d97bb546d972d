import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGateway } from '../src/create-gateway';
import { loadGatewayConfig } from '../src/gateway.config';

/** The CSP of the gateway's pages with the given payments provider. */
async function cspWith(provider: 'simulated' | 'stripe'): Promise<string> {
  const app: NestFastifyApplication = await createGateway(
    loadGatewayConfig({ PAYMENTS_PROVIDER: provider, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  );
  try {
    await app.listen(0, '127.0.0.1');
    const res = await fetch(`${await app.getUrl()}/remotes.json`);
    return res.headers.get('content-security-policy') ?? '';
  } finally {
    await app.close();
  }
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('the gateway CSP and the payments provider (issue 27, item 4)', () => {
  it('admits Stripe.js, its frames and its API when PAYMENTS_PROVIDER=stripe', async () => {
    const csp = await cspWith('stripe');
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
  });

  it('admits no Stripe origin with the simulated processor', async () => {
    expect(await cspWith('simulated')).not.toContain('stripe.com');
  });
});
