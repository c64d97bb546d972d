import { ConfigError } from '@loadout/config';
import { loadOrdersConfig } from '../../orders.config';
import { stripeSettings } from './stripe-client';

const base = {
  DATABASE_URL: 'postgres://u@localhost/db',
  AUTH_ISSUER: 'http://localhost:3001/oidc',
  AUTH_AUDIENCE: 'http://localhost:8080/api',
  INTERNAL_API_TOKEN: 'internal-token-0123456789',
};
const keys = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
};

const problems = (env: Record<string, string>): string[] => {
  try {
    loadOrdersConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('Stripe configuration at boot', () => {
  it('names every missing key when PAYMENTS_PROVIDER=stripe', () => {
    expect(problems({ ...base, PAYMENTS_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: is required when PAYMENTS_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: is required when PAYMENTS_PROVIDER=stripe',
      'STRIPE_PUBLISHABLE_KEY: is required when PAYMENTS_PROVIDER=stripe',
    ]);
    expect(
      problems({ ...base, ...keys, STRIPE_WEBHOOK_SECRET: '', PAYMENTS_PROVIDER: 'stripe' }),
    ).toEqual(['STRIPE_WEBHOOK_SECRET: is required when PAYMENTS_PROVIDER=stripe']);
  });

  it('needs no Stripe keys for the simulated processor', () => {
    expect(problems(base)).toEqual([]);
  });

  it('refuses the simulated processor under NODE_ENV=production unless explicitly allowed (staging)', () => {
    expect(problems({ ...base, NODE_ENV: 'production' })).toEqual([
      'PAYMENTS_PROVIDER: simulated takes no real money and is refused when NODE_ENV=production; set PAYMENTS_PROVIDER=stripe, or PAYMENTS_ALLOW_SIMULATED=on on a staging deployment',
    ]);
    expect(problems({ ...base, NODE_ENV: 'production', PAYMENTS_ALLOW_SIMULATED: 'on' })).toEqual(
      [],
    );
    expect(
      problems({ ...base, ...keys, NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe' }),
    ).toEqual([]);
  });

  it('refuses a STRIPE_API_URL that is not an http(s) URL', () => {
    expect(problems({ ...base, STRIPE_API_URL: 'localhost:12111' })).toEqual([
      'STRIPE_API_URL: must be an http(s) URL',
    ]);
  });

  it('hands the adapter the keys, the API origin and the public origin', () => {
    const config = loadOrdersConfig({
      ...base,
      ...keys,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_API_URL: 'http://stripe-mock:12111',
    });
    expect(stripeSettings(config)).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      publishableKey: 'pk_test_x',
      apiUrl: 'http://stripe-mock:12111',
      publicUrl: 'http://localhost:8080',
    });
  });
});
