import { type BrowserContext, type Page } from 'playwright-core';
import {
  chromiumAvailable,
  openBrowser,
  reportingWhereItStopped,
  type BrowserSession,
} from './support/browser';
import { expectInBell, expectMail } from './support/inbox';
import {
  asReturningVisitor,
  baseUrl,
  DEMO_PASSWORD,
  DEMO_SELLER,
  openSecondParty,
  signIn,
} from './support/journeys';
import { fillListingForm } from './support/sell';

/** Seeded admin (services/identity seed). */
const DEMO_ADMIN = 'demo.admin@example.com';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); trust journeys not run',
  );
} else {
  describe('trust and safety journeys in Chromium against `npm start`', () => {
    let s: BrowserSession;
    let seller: { context: BrowserContext; page: Page };
    let admin: { context: BrowserContext; page: Page };
    const tag = `Kilo${Date.now().toString(36)}`;
    const title = `Chest rig ${tag} multicam`;
    const visitorEmail = `visitor-${tag.toLowerCase()}@example.com`;
    let listingPath = '';

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
      seller = await openSecondParty(s.browser);
      admin = await openSecondParty(s.browser);
    });

    afterAll(async () => {
      await seller?.context.close();
      await admin?.context.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('the seller lists an item', async () => {
      const { page } = seller;
      await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
      await page.getByRole('link', { name: 'Sell Item' }).click();
      await page.waitForURL(`${baseUrl()}/sell`);
      await fillListingForm(page, {
        title,
        description: 'A chest rig with four magazine pouches, used for two seasons, no tears.',
        category: 'tactical_gear',
        condition: 'good',
        price: '40',
        county: 'Cork',
        delivery: { postage: '6' },
      });
      await page.getByRole('button', { name: 'Publish listing' }).click();
      await page.waitForURL(/\/listing\/[A-Za-z0-9_-]{21}$/);
      listingPath = new URL(page.url()).pathname;
    });

    it('a visitor reports the listing and gets a receipt with a reference', async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}${listingPath}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('button', { name: 'Report listing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this listing' });
      await dialog.getByLabel('Reason').selectOption('prohibited_item');
      await dialog
        .getByLabel('What is wrong?')
        .fill('The photos show a real military plate carrier with ballistic plates.');
      await dialog.getByLabel('Your email').fill(visitorEmail);
      await dialog.getByLabel(/made in good faith/).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      const reference = (await dialog.locator('.shell-report-reference').textContent()) ?? '';
      expect(reference).toMatch(/^R-[A-Z2-9]{8}$/);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectMail(visitorEmail, [`We received your report ${reference}`]);
    });

    it('an admin removes it from the queue with a statement; the seller and the reporter are told', async () => {
      const { page } = admin;
      await signIn(page, DEMO_ADMIN, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}/admin/cases`);
      const listingId = listingPath.split('/').pop()!;
      await page.getByRole('link', { name: `Listing ${listingId}` }).click();
      await page.getByText('The photos show a real military plate carrier').waitFor();
      const form = page.getByRole('form', { name: 'Decide the case' });
      await form.getByLabel('Action').selectOption('remove_listing');
      await form
        .getByLabel('Facts')
        .fill('The photos show ballistic plates, which may not be sold on Loadout.');
      await form.getByLabel('Law or terms clause').fill('Terms of service: prohibited items');
      await form.getByRole('button', { name: 'Record the decision' }).click();
      await reportingWhereItStopped(page, async () => {
        await page.getByText('Decision recorded').waitFor();
        await page.getByText('Decided', { exact: true }).waitFor();
      });

      await expectInBell(seller.page, /Your listing was removed/);
      await expectMail(DEMO_SELLER, ['Your listing was removed (Loadout)']);
      const subjects = await fetch(
        `${baseUrl()}/dev/mailbox/messages?to=${encodeURIComponent(visitorEmail)}`,
      ).then((r) => r.json() as Promise<{ subject: string }[]>);
      expect(
        subjects.map((m) => m.subject).some((t) => t.startsWith('Outcome of your report')),
      ).toBe(true);
    });

    it('a bug report sent signed out appears in the admin list', async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}/fields`);
      await page.getByRole('button', { name: 'Report a Bug' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await dialog.getByText('Please describe the issue').waitFor();
      await dialog.getByText('Please provide an email address').waitFor();
      await dialog.getByLabel('Description').fill(`The map of fields is blank ${tag}`);
      await dialog.getByLabel('Severity').selectOption('high');
      await dialog.getByLabel('Email').fill(visitorEmail);
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await page.getByText('Bug report sent').waitFor();

      await admin.page.goto(`${baseUrl()}/admin/bug-reports`);
      const row = admin.page.getByRole('row', { name: new RegExp(tag) });
      await row.waitFor();
      expect(await row.textContent()).toContain(visitorEmail);
    });
  });
}
