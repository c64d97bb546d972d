import sharp from 'sharp';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  baseUrl,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  signIn,
  signOut,
} from './support/journeys';
import { fillListingForm, testPhoto } from './support/sell';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); marketplace journeys not run',
  );
} else {
  describe('marketplace journeys in Chromium against `npm start`', () => {
    let s: BrowserSession;
    // A word no seeded listing has, so searches find exactly this listing.
    const tag = `Zulu${Date.now().toString(36)}`;
    const title = `Tokyo Marui Hi-Capa ${tag} gas pistol`;
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

    it('a signed-in seller sells a replica with a photo; it shows on /marketplace and the home ticker', async () => {
      const { page } = s;
      await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
      await page.getByRole('link', { name: 'Sell Item' }).click();
      await page.waitForURL(`${baseUrl()}/sell`);

      await fillListingForm(page, {
        title,
        description: 'Two magazines, new seals, chronographed at 300 fps on 0.20 g BBs last week.',
        category: 'pistols',
        condition: 'good',
        price: '145.5',
        county: 'Galway',
        delivery: { postage: '8' },
        // The 1 J rule is applied while typing, before anything is sent.
        beforePhoto: async (page) => {
          await page.getByLabel('Measured muzzle velocity (fps)').fill('350');
          await page.getByText('1.14 J — over the Irish 1 joule limit').waitFor();
          expect(await page.getByRole('button', { name: 'Publish listing' }).isDisabled()).toBe(
            true,
          );
          await page.getByLabel('Measured muzzle velocity (fps)').fill('300');
          await page.getByText('0.84 J — within the Irish 1 joule limit').waitFor();
        },
        photo: {
          name: 'hi-capa.jpg',
          buffer: await testPhoto({ width: 640, height: 480, exif: true }),
        },
      });

      await page.getByRole('button', { name: 'Publish listing' }).click();
      await page.waitForURL(/\/listing\/[A-Za-z0-9_-]{21}$/);
      listingPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText('€145.50').first().waitFor();
      await page.getByText('0.84 J', { exact: false }).first().waitFor();

      // The photo is served re-encoded, without the camera's EXIF.
      const img = page.locator('.mp-gallery__main img').first();
      const src = await img.getAttribute('src');
      expect(src).toMatch(/^\/api\/v1\/images\//);
      const served = await page.request.get(`${baseUrl()}${src}`);
      expect(served.status()).toBe(200);
      expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

      await page.goto(`${baseUrl()}/marketplace`);
      await page.getByRole('link', { name: title }).first().waitFor();

      await page.goto(`${baseUrl()}/`);
      const ticker = page.getByRole('region', { name: /featured/i });
      await ticker
        .getByRole('link', { name: new RegExp(tag) })
        .first()
        .waitFor();
      await signOut(page);
    });

    it('a visitor searches from the header and opens the listing', async () => {
      const { page } = s;
      expect(listingPath).not.toBe('');
      await page.goto(`${baseUrl()}/fields`);
      const box = page.getByRole('combobox', { name: 'Search listings' });
      await box.fill(`  ${tag.toLowerCase()} `);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/marketplace');
      expect(new URL(page.url()).searchParams.get('search')).toBe(tag.toLowerCase());
      await page.getByText(/^1 listing for/).waitFor();
      await page.getByRole('link', { name: title }).first().click();
      await page.waitForURL(`${baseUrl()}${listingPath}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('region', { name: 'Seller: Demo Seller (example)' }).waitFor();
      expect(await page.getByRole('button', { name: 'Message seller' }).isDisabled()).toBe(false);
    });

    it('a visitor types "hica" in the header, chooses the Hi-Capa suggestion and finds the listing', async () => {
      const { page } = s;
      expect(listingPath).not.toBe('');
      await page.goto(`${baseUrl()}/fields`);
      const box = page.getByRole('combobox', { name: 'Search listings' });
      await box.pressSequentially('hica', { delay: 50 });
      const option = page.getByRole('option', { name: /Hi-Capa/ }).first();
      await option.waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      // Keyboard only: the arrow makes the suggestion active (focus stays in the box).
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      expect(await option.getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await page.waitForURL(
        (u) => u.pathname === '/marketplace' && u.searchParams.get('search') === 'Hi-Capa',
      );
      expect(await box.inputValue()).toBe('Hi-Capa');
      await page.getByRole('link', { name: title }).first().waitFor();
    });

    it('a signed-in buyer favourites the listing and finds it in /favorites', async () => {
      const { page } = s;
      await signIn(page, DEMO_BUYER, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}${listingPath}`);
      const favourite = page.getByRole('button', { name: 'Favourite', exact: true });
      await favourite.click();
      await page.waitForFunction(
        () =>
          document.querySelector('button.mp-fav--full')?.getAttribute('aria-pressed') === 'true',
      );
      await page.goto(`${baseUrl()}/favorites`);
      await page.getByRole('link', { name: title }).first().waitFor();
      await signOut(page);
    });
  });
}
