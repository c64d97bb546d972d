import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { newUser, signUp, verificationLinkFromMailbox } from './support/accounts';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import { asReturningVisitor, baseUrl, signIn, signOut, startSignIn } from './support/journeys';

const ROOT = path.resolve(__dirname, '../../..');
const UNVERIFIED =
  'Please verify your email address before signing in. Check your inbox for a verification email.';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); account journeys not run',
  );
} else {
  describe('account journeys in Chromium against `npm start`', () => {
    let s: BrowserSession;
    const verified = newUser('buyer');

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
    });

    afterAll(async () => {
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('signs up, verifies through the mail in /dev/mailbox, signs in and out', async () => {
      const { page } = s;
      await signUp(page, verified);
      const link = await verificationLinkFromMailbox(page, verified.email);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Email verified' }).waitFor();

      await signIn(page, verified.email);
      await page.getByText('Welcome back!', { exact: true }).waitFor();
      await page.getByText("You've successfully signed in.", { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sell Item' }).waitFor();
      await page.getByRole('button', { name: /^Account menu for / }).click();
      for (const item of [
        'My Profile',
        'My Purchases',
        'My Sales',
        'Offers',
        'Favorites',
        'Disputes',
        'Sign Out',
      ]) {
        await page.getByRole('menuitem', { name: item }).waitFor();
      }
      expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // ADR 0019: the shell ends the session at the API first, so its token dies everywhere.
      const ended = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/auth/sign-out') && r.request().method() === 'POST',
      );
      await signOut(page);
      expect((await ended).status()).toBe(204);
      expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);
    });

    it('refuses sign-in before the email is verified, with the exact message', async () => {
      const { page } = s;
      const pending = newUser('pending');
      s.expectFailures(/^http 403 POST \/auth\/interaction\/[^/]+\/login$/);
      await signUp(page, pending);
      await startSignIn(page, pending.email);
      const region = page.getByRole('region', { name: 'Verify your email address' });
      await region.getByText(UNVERIFIED).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
    });

    it('sends a signed-out visitor at /admin to sign in', async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}/admin`);
      await page.waitForURL((u) => u.pathname === '/auth');
    });

    it('shows Access Denied to a signed-in user who is not an admin', async () => {
      const { page } = s;
      await signIn(page, verified.email);
      await page.goto(`${baseUrl()}/admin`);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page
        .getByText("You don't have administrator privileges to access this area.")
        .waitFor();
      await page.getByRole('link', { name: 'Return Home' }).waitFor();
      await page.getByRole('link', { name: 'Browse Marketplace' }).waitFor();
      await signOut(page);
    });

    it('shows the Admin Dashboard link once the documented command grants admin', async () => {
      const { page } = s;
      const grant = spawnSync(
        process.execPath,
        ['infra/embedded/grant-admin.mjs', verified.email],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: process.env['E2E_DATABASE_URL'] },
          encoding: 'utf8',
        },
      );
      expect(grant.status).toBe(0);
      await signIn(page, verified.email);
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.waitForURL(`${baseUrl()}/admin`);
      expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await signOut(page);
    });
  });
}
