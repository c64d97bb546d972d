import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openBrowser, type BrowserSession } from './support/browser';
import { asReturningVisitor, E2E_PASSWORD } from './support/journeys';
import {
  grantRealmRole,
  keycloakFromEnv,
  setRealmSmtp,
  type KeycloakAdmin,
} from './support/keycloak-admin';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startStack, type Stack } from '@loadout/testing';

// Collected only when LOADOUT_KEYCLOAK_URL and KAFKA_BROKERS are set and Chromium is installed
// (see jest.config.cjs, which prints why otherwise).
describe('Keycloak mode in Chromium against `npm run start:cluster`', () => {
  let kc: KeycloakAdmin;
  let stack: Stack;
  let sink: SmtpSink;
  let s: BrowserSession;
  const email = `kc.${randomBytes(4).toString('hex')}@example.ie`;
  const username = `kc_${randomBytes(3).toString('hex')}`;
  let accessToken: string | null = null;

  beforeAll(async () => {
    kc = keycloakFromEnv();
    sink = await startSmtpSink();
    await setRealmSmtp(kc, '127.0.0.1', sink.port);
    stack = await startStack({
      cluster: true,
      env: {
        KAFKA_BROKERS: process.env['KAFKA_BROKERS']!,
        KEYCLOAK_URL: kc.url,
        KEYCLOAK_REALM: kc.realm,
        KEYCLOAK_ADMIN_USER: kc.adminUser,
        KEYCLOAK_ADMIN_PASSWORD: kc.adminPassword,
      },
    });
    s = await openBrowser();
    await asReturningVisitor(s.context);
    // The access token the shell sends to the API, for the checks against gateway and services.
    s.page.on('request', (req) => {
      const auth = req.headers()['authorization'];
      if (auth?.startsWith('Bearer ') && req.url().startsWith(stack.url))
        accessToken = auth.slice(7);
    });
  }, 420_000);

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
    await sink?.close();
  });

  afterEach(() => {
    expect(s.takeUnexpected()).toEqual([]);
  });

  it('signs up on Keycloak’s registration page with the 18+ and terms boxes, verifies by mail, lands signed in', async () => {
    const { page } = s;
    // Keycloak 26.7's own page script looks for a password field its registration form does
    // not render when email verification is on (the password is asked for right after).
    s.expectFailures(/pageerror: Cannot read properties of null \(reading 'addEventListener'\)/);
    try {
      await page.goto(`${stack.url}/auth?tab=signup`);
      await page.waitForURL(/\/realms\/loadout\/protocol\/openid-connect\/registrations/);
      await page.locator('#username').fill(username);
      await page.locator('#email').fill(email);
      await page.locator('#fullName').fill('Orla Keycloak');
      // Both confirmations are required fields of the realm's user profile.
      await page.locator('input[type=submit]').click();
      await page.locator('#input-error-container-ageConfirmed').getByText(/./).first().waitFor();
      await page.getByLabel('I confirm that I am 18 years of age or older').check();
      await page
        .getByLabel('I have read and agree to the Terms of Service and the Privacy Policy')
        .check();
      await page.locator('input[type=submit]').click();

      // Keycloak asks for the password next (verifyEmail on), then mails the verification
      // link to the sink; following it verifies the address and finishes the sign-in.
      await page.locator('#password-new').fill(E2E_PASSWORD);
      await page.locator('#password-confirm').fill(E2E_PASSWORD);
      await page.locator('#kc-submit').click();
      const [link] = await sink.waitFor(
        email,
        /https?:\/\/[^\s"<>]+\/login-actions\/action-token\?[^\s"<>]+/,
      );
      await page.goto(link.replace(/&amp;/g, '&'));
      await page.waitForURL(`${stack.url}/`, { timeout: 60_000 });
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    } catch (err) {
      // Where the flow stopped, for whoever reads a failure in CI.
      throw new Error(
        `${err instanceof Error ? err.message : String(err)}\n  at ${page.url()}; mails in the sink: ${sink.mails.length}`,
      );
    }
  }, 300_000);

  it('has the profile in identity, verified, with the Keycloak user id', async () => {
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT username, full_name, email_verified_at IS NOT NULL AS verified, role
           FROM identity.users WHERE email = $1`,
        [email],
      );
      expect(rows).toEqual([
        { username, full_name: 'Orla Keycloak', verified: true, role: 'user' },
      ]);
    } finally {
      await db.end();
    }
  });

  it('accepts the Keycloak token at the gateway and in every service behind it', async () => {
    expect(accessToken).toBeTruthy();
    for (const path of ['/api/v1/me', '/api/v1/favorites', '/api/v1/notifications/unread-count']) {
      const res = await fetch(`${stack.url}${path}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const forged = await fetch(`${stack.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${accessToken!.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
  });

  it('shows the Admin Dashboard once an admin role is granted in Keycloak', async () => {
    const { page } = s;
    await grantRealmRole(kc, email, 'admin');
    // Sign out and in again through Keycloak's sign-in page: the new token carries the role.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.goto(`${stack.url}/auth`);
    await page.waitForURL(/\/realms\/loadout\/protocol\/openid-connect\/auth/);
    await page.locator('#username').fill(email);
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('#kc-login').click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).waitFor();
  }, 180_000);
});
