import { type BrowserContext, type Page } from 'playwright-core';
import { newUser, signUp, verificationLinkFromMailbox } from './support/accounts';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  baseUrl,
  DEMO_PASSWORD,
  openSecondParty,
  signIn,
  startSignIn,
} from './support/journeys';

/** Seeded admin (services/identity seed). */
const DEMO_ADMIN = 'demo.admin@example.com';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); suspension journey not run',
  );
} else {
  // Issue 26 phase 2 (ADR 0035): an admin suspends a user, who then cannot sign in.
  describe('suspension journey in Chromium against `npm start`', () => {
    let s: BrowserSession;
    let admin: { context: BrowserContext; page: Page };
    const member = newUser('suspended');

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
      admin = await openSecondParty(s.browser);
    });

    afterAll(async () => {
      await admin?.context.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    /** The member tries to sign in afresh (own cookies) and gets the sign-in page's answer. */
    const memberSignIn = async () => {
      const fresh = await openSecondParty(s.browser);
      await startSignIn(fresh.page, member.email);
      return fresh;
    };

    it('a new member signs up and verifies their email', async () => {
      const { page } = s;
      await signUp(page, member);
      await page.goto(await verificationLinkFromMailbox(page, member.email));
      await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    });

    it('an admin finds them in Users and suspends them for 7 days, with a reason', async () => {
      const { page } = admin;
      await signIn(page, DEMO_ADMIN, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}/admin/users`);
      // The shell's header has a search of its own: use the one of the Users page.
      const search = page.getByRole('search', { name: 'Search users' });
      await search
        .getByRole('searchbox', { name: 'Email, username or name' })
        .fill(member.username);
      await search.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/\/admin\/users\?q=/);
      const link = page.getByRole('link', { name: member.username });
      await link
        .or(page.getByRole('link', { name: member.fullName }))
        .first()
        .click();
      await page.waitForURL(/\/admin\/users\/[^/?]+$/);
      expect(await axeViolations(page)).toEqual([]);

      const form = page.getByRole('form', { name: 'Suspend the account' });
      await form.getByRole('combobox', { name: /Suspend for/ }).selectOption('7d');
      await form.getByRole('textbox', { name: /Reason/ }).fill('Payments taken outside checkout');
      await form.getByRole('button', { name: 'Suspend account' }).click();
      await page.getByText('Account suspended', { exact: true }).waitFor();
      await page
        .getByText(/Suspended until \d{1,2} \w+ \d{4} — Payments taken outside checkout/)
        .waitFor();
    });

    it('the member cannot sign in and is told until when and why', async () => {
      // The refused sign-in (in the member's own browser context).
      s.expectFailures(/^http 403 POST \/auth\/interaction\/[^/]+\/login /);
      const fresh = await memberSignIn();
      await fresh.page
        .getByText(
          /^This account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2}: Payments taken outside checkout$/,
        )
        .waitFor();
      expect(new URL(fresh.page.url()).pathname).toBe('/auth');
      await fresh.context.close();
    });

    it('after the admin reinstates them, the member signs in again', async () => {
      const { page } = admin;
      const form = page.getByRole('form', { name: 'Reinstate the account' });
      await form.getByRole('textbox', { name: /Reason/ }).fill('Appeal accepted by the team');
      await form.getByRole('button', { name: 'Reinstate account' }).click();
      await page.getByText('Account reinstated', { exact: true }).waitFor();

      const fresh = await openSecondParty(s.browser);
      await signIn(fresh.page, member.email);
      await fresh.context.close();

      await page.goto(`${baseUrl()}/admin/users?q=${encodeURIComponent(member.username)}`);
      await page.getByRole('table').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${baseUrl()}/admin/fields`);
      await page.getByRole('link', { name: 'Add a field' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Add a field' }).click();
      await page.getByRole('form', { name: 'Add a field' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
