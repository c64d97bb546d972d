import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import { baseUrl } from './support/journeys';

const AGE_BOXES = [
  'I confirm that I am 18 years of age or older',
  'I have read and agree to the Terms of Service',
  'I have read and agree to the Privacy Policy',
  'I understand that Loadout is a platform only',
];

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); browser journeys not run',
  );
} else {
  describe('shell journeys in Chromium against `npm start`', () => {
    const stack = {
      get url() {
        return baseUrl();
      },
    };
    let s: BrowserSession;

    beforeAll(async () => {
      s = await openBrowser();
    });

    afterAll(async () => {
      await s?.close();
    });

    afterEach(() => {
      // Every journey must leave the console clean.
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('blocks the page with the age gate until all four boxes are ticked', async () => {
      const { page } = s;
      await page.goto(stack.url);
      const dialog = page.getByRole('dialog', { name: 'Welcome to Loadout' });
      await dialog.waitFor();
      const accept = dialog.getByRole('button', { name: 'I Accept All Terms & Conditions' });
      expect(await accept.isDisabled()).toBe(true);
      for (const [i, label] of AGE_BOXES.entries()) {
        await dialog.getByRole('checkbox', { name: label }).check();
        expect(await accept.isDisabled()).toBe(i < AGE_BOXES.length - 1);
      }
      await accept.click();
      await dialog.waitFor({ state: 'detached' });
      const record = JSON.parse(
        (await page.evaluate(() => localStorage.getItem('loadout_acceptance'))) ?? '{}',
      );
      expect(record).toMatchObject({
        version: '1.0',
        age: true,
        terms: true,
        privacy: true,
        liability: true,
      });
      expect(Date.now() - record.timestamp).toBeLessThan(60_000);
    });

    it('keeps the age gate closed after a reload within the validity', async () => {
      const { page } = s;
      await page.reload();
      await page
        .getByRole('heading', { name: "Loadout — Ireland's airsoft marketplace" })
        .waitFor();
      expect(await page.getByRole('dialog', { name: 'Welcome to Loadout' }).count()).toBe(0);
    });

    it('shows the dialog again when the stored record is corrupt', async () => {
      const { page } = s;
      await page.evaluate(() => localStorage.setItem('loadout_acceptance', '{not json'));
      await page.reload();
      await page.getByRole('dialog', { name: 'Welcome to Loadout' }).waitFor();
      for (const label of AGE_BOXES) await page.getByRole('checkbox', { name: label }).check();
      await page.getByRole('button', { name: 'I Accept All Terms & Conditions' }).click();
      await page.getByRole('dialog', { name: 'Welcome to Loadout' }).waitFor({ state: 'detached' });
    });

    it('searches from the header with trimmed text and ignores empty input', async () => {
      const { page } = s;
      await page.goto(stack.url);
      const box = page.getByRole('combobox', { name: 'Search listings' });
      await box.fill('   ');
      await box.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/');
      await box.fill('  m4 carbine  ');
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/marketplace');
      expect(new URL(page.url()).searchParams.get('search')).toBe('m4 carbine');
    });

    it('lists the example playing fields from the fields service', async () => {
      const { page } = s;
      await page.goto(stack.url);
      await page.getByRole('link', { name: 'Field List', exact: true }).first().click();
      await page.getByRole('heading', { name: 'Airsoft playing fields' }).waitFor();
      await page.getByRole('link', { name: 'Example Woodland Arena (fictional)' }).waitFor();
      expect(
        await page.getByRole('link', { name: /Example .* \(fictional\)/ }).count(),
      ).toBeGreaterThanOrEqual(6);
      expect(await page.getByText('Example', { exact: true }).count()).toBeGreaterThanOrEqual(6);
      await page.getByRole('link', { name: 'Example CQB Warehouse (fictional)' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Example CQB Warehouse (fictional)' })
        .waitFor();
      expect(await page.title()).toBe('Example CQB Warehouse (fictional) | Loadout');
    });

    it('calculates 1.14 J for 350 fps with a 0.20 g BB', async () => {
      const { page } = s;
      await page.goto(`${stack.url}/fps-calculator`);
      await page.getByRole('heading', { name: 'FPS and Joules Calculator' }).waitFor();
      await page.getByLabel('Muzzle velocity (fps)').fill('350');
      await page.getByLabel('BB weight (g)').fill('0.20');
      await page.getByTestId('fps-joules').getByText('1.14 J').waitFor();
      await page.getByRole('alert').filter({ hasText: 'Over the Irish 1 J limit' }).waitFor();
      await page.getByLabel('Muzzle velocity (fps)').fill('328');
      await page.getByTestId('fps-joules').getByText('1.00 J').waitFor();
    });

    it("shows the seed's 404 text for an unknown URL", async () => {
      const { page } = s;
      await page.goto(`${stack.url}/this/does/not/exist`);
      await page.getByText('The page you are looking for could not be found.').waitFor();
      for (const name of ['Back to Home', 'Browse Marketplace'])
        await page.getByRole('link', { name }).waitFor();
      await page.getByRole('button', { name: 'Go Back' }).waitFor();
    });

    it('sends a visitor who declines to an external site and forgets the acceptance', async () => {
      const { page } = s;
      await page.route('https://www.google.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>declined</title>' }),
      );
      await page.goto(stack.url);
      await page.evaluate(() => localStorage.removeItem('loadout_acceptance'));
      await page.reload();
      await page.getByRole('button', { name: 'I Do Not Accept' }).click();
      await page.waitForURL(/google\.com/);
      expect(await page.title()).toBe('declined');
    });
  });
}
