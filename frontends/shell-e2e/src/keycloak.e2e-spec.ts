import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type BrowserContext, type Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  E2E_PASSWORD,
  openSecondParty,
  signInOnKeycloak,
} from './support/journeys';
import { grantRealmRole, keycloakFromEnv, type KeycloakAdmin } from './support/keycloak-admin';
import { fillListingForm } from './support/sell';
import { decodeQuotedPrintable } from './support/mail-text';
import { startStack, type Stack } from '@loadout/testing';

/** Every access token a page sends to the stack's API, the latest last. */
function recordTokens(page: Page, stackUrl: () => string, into: string[]): void {
  page.on('request', (req) => {
    const auth = req.headers()['authorization'];
    if (auth?.startsWith('Bearer ') && req.url().startsWith(stackUrl())) into.push(auth.slice(7));
  });
}

// Collected only when LOADOUT_KEYCLOAK_URL and KAFKA_BROKERS are set and Chromium is installed
// (see jest.config.cjs, which prints why otherwise). It is the cluster's smoke journey too
// (issue 27): sign up through Keycloak, verify by mail in the development mailbox, sell, and
// become an admin. Buying with a seeded demo account and a message crossing messaging replicas
// were written for it but never passed (the checkout showed no delivery choice): open in issue 27.
describe('Keycloak mode in Chromium against `npm run start:cluster`', () => {
  let kc: KeycloakAdmin;
  let stack: Stack;
  let s: BrowserSession;
  const email = `kc.${randomBytes(4).toString('hex')}@example.ie`;
  const username = `kc_${randomBytes(3).toString('hex')}`;
  const sellerTokens: string[] = [];
  let accessToken: string | null = null;
  let buyer: { context: BrowserContext; page: Page } | undefined;
  const title = `Example red dot sight ${randomBytes(3).toString('hex')}`;

  /** The first link in the development mailbox for `to` that matches `pattern`, waiting for it. */
  async function mailedLink(to: string, pattern: RegExp, timeoutMs = 120_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await fetch(`${stack.url}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { text: string; html: string }[];
      for (const m of mails) {
        const hit = pattern.exec(decodeQuotedPrintable(`${m.text}\n${m.html}`));
        if (hit) return hit[0].replace(/&amp;/g, '&');
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} in the dev mailbox`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  beforeAll(async () => {
    kc = keycloakFromEnv();
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
    // The access tokens the shell sends to the API, for the checks against gateway and services.
    recordTokens(s.page, () => stack.url, sellerTokens);
    s.page.on('request', () => (accessToken = sellerTokens.at(-1) ?? null));
  }, 420_000);

  afterAll(async () => {
    await buyer?.context.close();
    await s?.close();
    await stack?.stop();
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
      // start:cluster files Keycloak's mail in the development mailbox.
      const link = await mailedLink(
        email,
        /https?:\/\/[^\s"<>]+\/login-actions\/action-token\?[^\s"<>]+/,
      );
      await page.goto(link);
      await page.waitForURL(`${stack.url}/`, { timeout: 60_000 });
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    } catch (err) {
      // Where the flow stopped, for whoever reads a failure in CI.
      throw new Error(`${err instanceof Error ? err.message : String(err)}\n  at ${page.url()}`);
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

  it('sells: the new account publishes a listing through the cluster', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/sell`);
    await fillListingForm(page, {
      title,
      // A sight, as in orders.e2e-spec: a replica category also asks for its muzzle energy.
      description: 'Red dot sight with a killflash and spare battery, used for one season.',
      category: 'optics',
      condition: 'good',
      price: '40',
      county: 'Dublin',
      delivery: { postage: '6' },
    });
    await page.getByRole('button', { name: 'Publish listing' }).click();
    await page.waitForURL(/\/listing\/[A-Za-z0-9_-]{21}$/);
    await page.getByRole('heading', { name: title }).waitFor();
  }, 120_000);

  it('shows the Admin Dashboard once an admin role is granted in Keycloak', async () => {
    await grantRealmRole(kc, email, 'admin');
    // A new sign-in in a fresh browser: its token carries the role.
    buyer = await openSecondParty(s.browser);
    const { page } = buyer;
    await signInOnKeycloak(page, stack.url, email, E2E_PASSWORD);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).waitFor();
  }, 180_000);
});
