import { type BrowserContext, type Page } from 'playwright-core';
import { GPS_PHOTO_PATH } from '@loadout/images/testing';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
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

/** The demo accounts' display names (their seeded usernames, services/identity/src/seed). */
const DEMO_SELLER_NAME = 'demo_seller';
const DEMO_BUYER_NAME = 'demo_buyer';

/** The open conversation's messages (on a wide screen the list beside it shows previews too). */
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

const IBAN_MESSAGE = 'Great, pay me by bank transfer to IE29 AIBK 9311 5212 3456 78';
const WARNING =
  'This message asks for payment outside Loadout. Escrow only protects payments made through checkout.';

/** A gear listing (no muzzle energy) the seller collects in person. */
const carrier = (title: string): ListingDraft => ({
  title,
  description: 'Plate carrier in ranger green, worn twice, all buckles and straps present.',
  category: 'tactical_gear',
  condition: 'like_new',
  price: '60',
  county: 'Dublin',
  delivery: 'collection',
});

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); messaging journeys not run',
  );
} else {
  describe('messaging journeys in Chromium against `npm start`', () => {
    let s: BrowserSession;
    let sellerContext: BrowserContext;
    let seller: Page;
    /** The conversation the first journey starts; the photo journey goes on in it. */
    let conversationPath = '';

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
      ({ context: sellerContext, page: seller } = await openSecondParty(s.browser));
    });

    afterAll(async () => {
      await sellerContext?.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('the buyer messages the seller from a listing; the seller sees the badge and replies; the buyer sees the reply and the IBAN warning without reloading', async () => {
      const buyer = s.page;
      const title = `Plate carrier ${Date.now().toString(36)}`;
      await signIn(seller, DEMO_SELLER, DEMO_PASSWORD);
      const listingPath = await publishListing(seller, carrier(title));

      await signIn(buyer, DEMO_BUYER, DEMO_PASSWORD);
      await buyer.goto(`${baseUrl()}${listingPath}`);
      await buyer.getByRole('button', { name: 'Message seller' }).click();
      await buyer.waitForURL(/\/messages\/[A-Za-z0-9_-]{21}$/);
      conversationPath = new URL(buyer.url()).pathname;
      // Titled by the other person's display name (the seeded username), the listing under it.
      await buyer.getByRole('heading', { name: DEMO_SELLER_NAME, level: 2 }).waitFor();
      await buyer.getByRole('link', { name: `About ${title}`, exact: true }).waitFor();
      await buyer.getByLabel('Message', { exact: true }).fill('Hi, is this still available?');
      await buyer.getByLabel('Message', { exact: true }).press('Enter');
      await thread(buyer).getByText('Hi, is this still available?', { exact: true }).waitFor();

      // The seller's header badge counts the new message (pushed, or at the latest polled).
      await seller.goto(`${baseUrl()}/`);
      await seller.getByRole('link', { name: 'Messages, 1 unread' }).first().waitFor({
        timeout: 35_000,
      });
      await seller.getByRole('link', { name: 'Messages, 1 unread' }).first().click();
      await seller.waitForURL(`${baseUrl()}/messages`);
      // The seller's list names the buyer, never an id, and says what it is about.
      const entry = seller.getByRole('link', { name: new RegExp(title) });
      await entry.getByText(DEMO_BUYER_NAME, { exact: true }).waitFor();
      expect(await seller.getByText(/Conversation with/).count()).toBe(0);
      await entry.click();
      await seller.waitForURL(`${baseUrl()}${conversationPath}`);
      await thread(seller).getByText('Hi, is this still available?', { exact: true }).waitFor();
      await seller.getByRole('heading', { name: DEMO_BUYER_NAME, level: 2 }).waitFor();
      // Opening the conversation clears the badge.
      await seller.getByRole('link', { name: 'Messages', exact: true }).first().waitFor();

      // The reply asks for a bank transfer to an IBAN: both sides see the warning.
      await seller.getByLabel('Message', { exact: true }).fill(IBAN_MESSAGE);
      await seller.getByRole('button', { name: 'Send' }).click();
      await thread(seller).getByText(IBAN_MESSAGE, { exact: true }).waitFor();
      await seller.getByRole('note').filter({ hasText: WARNING }).waitFor();

      // The buyer never reloads: the reply arrives over the socket (or the 5 s fallback poll).
      await thread(buyer).getByText(IBAN_MESSAGE, { exact: true }).waitFor({ timeout: 10_000 });
      await buyer.getByRole('note').filter({ hasText: WARNING }).waitFor();
      // The inbox preview beside the thread warns too (issue 25 item 6).
      await buyer
        .getByRole('list', { name: 'Conversations' })
        .getByText('Warning: asks for payment outside Loadout')
        .waitFor();
      expect(new URL(buyer.url()).pathname).toBe(conversationPath);
    });

    it('the buyer sends a phone photo (with GPS in its EXIF); both see it, the seller enlarges it, and the photo is served upright', async () => {
      expect(conversationPath).not.toBe('');
      const buyer = s.page;
      await buyer.goto(`${baseUrl()}${conversationPath}`);
      await buyer.getByTestId('msg-photo-input').setInputFiles(GPS_PHOTO_PATH);
      await buyer.getByRole('list', { name: 'Photos to send' }).getByText('Ready').waitFor();
      // The composer with a photo waiting (preview, state, remove button) passes axe.
      expect(await axeViolations(buyer)).toEqual([]);
      await buyer.getByRole('button', { name: 'Send' }).click();
      const mine = thread(buyer).getByRole('img', { name: 'Photo 1 of 1' });
      await mine.waitFor();
      await buyer.getByRole('list', { name: 'Photos to send' }).waitFor({ state: 'detached' });

      await seller.goto(`${baseUrl()}${conversationPath}`);
      const theirs = thread(seller).getByRole('img', { name: 'Photo 1 of 1' });
      await theirs.waitFor();
      await seller.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.msg-photo img')).some(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      // Enlarging fetches the 1200 px version (its bytes have no EXIF or GPS: the int-spec
      // test/message-images.int-spec.ts reads them; Chromium keeps no body of a no-store blob).
      const large = seller.waitForResponse(
        (r) => /\/images\/[A-Za-z0-9_-]{21}$/.test(new URL(r.url()).pathname) && r.ok(),
      );
      await thread(seller)
        .getByRole('button', { name: /Photo 1 of 1/ })
        .click();
      await thread(seller)
        .getByRole('button', { name: /Photo 1 of 1/, pressed: true })
        .waitFor();
      expect((await large).headers()['content-type']).toBe('image/webp');
      // The fixture is 64 × 32 with EXIF orientation 6: served upright as 32 × 64.
      const size = await theirs.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      });
      expect(size).toEqual([32, 64]);
      // The thread with a photo shown large passes axe too.
      expect(await axeViolations(seller)).toEqual([]);
    });
  });
}
