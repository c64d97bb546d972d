import { type BrowserContext, type Page } from 'playwright-core';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import { expectInBell, expectMail, mailSubjects } from './support/inbox';
import {
  asReturningVisitor,
  baseUrl,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  openSecondParty,
  signIn,
} from './support/journeys';
import { type ListingDraft, publishListing } from './support/sell';

// Issue 11: the bell and its badge, "Mark all read" (read state on the server), and the email
// preferences on /profile that the notifications service honours.

const helmet = (title: string): ListingDraft => ({
  title,
  description: 'Bump helmet in tan with rails and a NVG shroud, one small scuff on the back.',
  category: 'tactical_gear',
  condition: 'good',
  price: '35',
  county: 'Kildare',
  delivery: 'collection',
});

const favouriteEmail = (title: string) => `Someone favourited ${title}`;

/** The buyer adds the listing at `path` to their favourites from its page. */
async function favourite(buyer: Page, path: string): Promise<void> {
  await buyer.goto(`${baseUrl()}${path}`);
  const button = buyer.getByRole('button', { name: 'Favourite', exact: true });
  await button.click();
  await buyer.locator('button[aria-pressed="true"]', { hasText: 'Favourite' }).waitFor();
}

/** Sets the "Favourites on my listings" email choice on /profile and saves it. */
async function setFavouriteEmails(page: Page, on: boolean): Promise<void> {
  await page.goto(`${baseUrl()}/profile`);
  const form = page.getByRole('form', { name: 'Notification settings' });
  const box = form.getByLabel('Favourites on my listings');
  await box.waitFor();
  if ((await box.isChecked()) === on) return;
  await box.setChecked(on);
  await form.getByRole('button', { name: 'Save notification settings' }).click();
  await page.getByText('Notification settings saved').waitFor();
}

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); notification journeys not run',
  );
} else {
  describe('notification journeys in Chromium against `npm start`', () => {
    let s: BrowserSession;
    let sellerContext: BrowserContext;
    let seller: Page;

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
      ({ context: sellerContext, page: seller } = await openSecondParty(s.browser));
      await signIn(seller, DEMO_SELLER, DEMO_PASSWORD);
      await signIn(s.page, DEMO_BUYER, DEMO_PASSWORD);
    });

    afterAll(async () => {
      // Leave the demo seller's preferences as the seed has them.
      if (seller) await setFavouriteEmails(seller, true).catch(() => undefined);
      await sellerContext?.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('a favourite reaches the seller’s bell and inbox; "Mark all read" clears the badge for good', async () => {
      const title = `Bump helmet ${Date.now().toString(36)}`;
      const path = await publishListing(seller, helmet(title));
      await favourite(s.page, path);

      await seller.goto(`${baseUrl()}/`);
      await expectInBell(seller, new RegExp(`"${title}" was added to a favourites list`));
      await expectMail(DEMO_SELLER, [favouriteEmail(title)]);
      const panel = seller.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('button', { name: 'Mark all read' }).click();
      // The badge goes, and the read state lives on the server: a reload keeps it gone.
      await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(await panel.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
      await seller.reload();
      await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    });

    it('with favourite emails turned off on /profile, the bell still tells the seller but no email is sent', async () => {
      await setFavouriteEmails(seller, false);
      await seller.reload();
      const form = seller.getByRole('form', { name: 'Notification settings' });
      expect(await form.getByLabel('Favourites on my listings').isChecked()).toBe(false);
      // Order and security emails cannot be turned off.
      expect(await form.getByLabel('Orders').isDisabled()).toBe(true);

      const title = `Bump helmet ${Date.now().toString(36)}`;
      const path = await publishListing(seller, helmet(title));
      await favourite(s.page, path);
      await seller.goto(`${baseUrl()}/`);
      await expectInBell(seller, new RegExp(`"${title}" was added to a favourites list`));
      // The notice and its email come from one event: give the mailer a few seconds more.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await mailSubjects(DEMO_SELLER)).not.toContain(favouriteEmail(title));
    });
  });
}
