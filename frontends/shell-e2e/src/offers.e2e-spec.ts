import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import { expectInBell } from './support/inbox';
import {
  asReturningVisitor,
  baseUrl,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  giveDeliveryAddress,
  payWithTestCard,
  signIn,
  signOut,
} from './support/journeys';
import { publishListing } from './support/sell';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); offers journey not run',
  );
} else {
  /** Issue 24: offer → counter → accept → pay at the agreed price, through `npm start`. */
  describe('offers journey in Chromium against `npm start`', () => {
    let s: BrowserSession;
    const tag = `Ofr${Date.now().toString(36)}`;
    const title = `Example tracer unit ${tag}`;
    let listingPath = '';

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

    it('the demo seller lists an item at €40 and sees no "Make an offer" on it', async () => {
      const { page } = s;
      await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
      listingPath = await publishListing(page, {
        title,
        description: 'Tracer unit with a spare battery and the charging cable, used twice.',
        category: 'parts_upgrades',
        condition: 'good',
        price: '40',
        county: 'Cork',
        delivery: { postage: '6' },
      });
      await page.getByText('This is your listing, so you cannot buy it.').waitFor();
      expect(await page.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
      await signOut(page);
    });

    it('the demo buyer offers €25 with the fee preview and the rules', async () => {
      const { page } = s;
      expect(listingPath).not.toBe('');
      await signIn(page, DEMO_BUYER, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}${listingPath}`);
      // A phone's width: the dialog fits and scrolls inside itself.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Make an offer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make an offer' });
      await dialog.getByText(/one open offer on an item/).waitFor();
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
      await dialog.getByLabel('Your offer (€)').fill('19.99');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await dialog.getByText('Enter at least €20.00 and less than €40.00.').waitFor();
      await dialog.getByLabel('Your offer (€)').fill('25');
      await giveDeliveryAddress(page);
      // €25 + €6 postage + €0.78 fee (2.5 % of €31, half-up) = €31.78 if accepted.
      const preview = dialog.getByLabel('If the seller accepts');
      await preview.getByText('€0.78').waitFor();
      await preview.getByText('€31.78').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByLabel('Message to the seller (optional)').fill('Would you take 25?');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await page.waitForURL(`${baseUrl()}/offers`);
      await page.getByRole('tab', { name: 'Sent' }).click();
      const sent = page.locator('li', { has: page.getByRole('heading', { name: title }) });
      await sent.getByText('Waiting for the seller').waitFor();
      await sent.getByText(/left$/).waitFor();
      // Nothing of the page's content reaches past a phone's width (no sideways scrolling).
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.getAttribute('aria-label') ?? ''}] in ${el.parentElement?.className ?? ''}`,
          ),
      );
      expect(overflowing).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await signOut(page);
    });

    it('the seller is told and counters with €30', async () => {
      const { page } = s;
      await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
      await expectInBell(page, new RegExp(`offers €25\\.00 for "${title}"`));
      await page.goto(`${baseUrl()}/offers`);
      await page.getByRole('tab', { name: 'Received', selected: true }).waitFor();
      const offer = page.locator('li', { has: page.getByRole('heading', { name: title }) });
      await offer.getByText('Your answer').waitFor();
      await offer.getByText('“Would you take 25?”').waitFor({ state: 'attached' });
      await offer.getByRole('button', { name: 'Counter' }).click();
      const form = offer.getByRole('form', { name: 'Counter-offer' });
      await form.getByLabel('Your price (€)').fill('30');
      await form.getByRole('button', { name: 'Send counter-offer' }).click();
      await offer.getByText('Waiting for the buyer').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await signOut(page);
    });

    it('the buyer accepts the counter and pays €36.90 (€30 + €6 post + the fee)', async () => {
      const { page } = s;
      await signIn(page, DEMO_BUYER, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}/offers`);
      await page.getByRole('tab', { name: 'Sent' }).click();
      const offer = page.locator('li', { has: page.getByRole('heading', { name: title }) });
      await offer.getByText('Counter-offer: your answer').waitFor();
      await offer.getByRole('button', { name: 'Accept counter-offer' }).click();
      await page
        .getByRole('dialog', { name: 'Accept counter-offer of €30.00?' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await page.waitForURL(
        (u) => u.pathname.startsWith('/checkout/') && u.searchParams.has('order'),
      );
      // The order's amounts come from the API: €30 + €6 + €0.90 (2.5 % of €36) = €36.90.
      await page.getByText('Test mode — no real money moves').waitFor();
      await payWithTestCard(page, '€36.90');
      await page.waitForURL((u) => u.pathname === '/purchase-success', { timeout: 20_000 });
      await page
        .getByRole('heading', { name: 'Thank you — your payment is held in escrow' })
        .waitFor();
      await page.getByText('€36.90').first().waitFor();
      await signOut(page);
    });
  });
}
