import { readFile } from 'node:fs/promises';
import { newUser, signUp, verificationLinkFromMailbox } from './support/accounts';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  baseUrl,
  openSecondParty,
  signIn,
  startSignIn,
} from './support/journeys';
import { publishListing, type ListingDraft } from './support/sell';

interface Archive {
  format: string;
  userId: string;
  services: Record<string, { status: string; data?: Record<string, unknown> }>;
}

const goggles = (title: string): ListingDraft => ({
  title,
  description: 'Anti-fog mesh goggles with a tan strap, worn twice, no scratches on the lens.',
  category: 'tactical_gear',
  condition: 'good',
  price: '20',
  county: 'Galway',
  delivery: 'collection',
});

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); privacy journey not run',
  );
} else {
  // Issue 26 GDPR self-service (ADR 0039): a member downloads their data, then deletes the
  // account (nothing pending) and can no longer sign in.
  describe('privacy journey in Chromium against `npm start`', () => {
    let s: BrowserSession;
    const member = newUser('privacy');
    const title = `Mesh goggles ${Date.now().toString(36)}`;
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

    it('a new member signs up, verifies, signs in and publishes a listing', async () => {
      const { page } = s;
      await signUp(page, member);
      await page.goto(await verificationLinkFromMailbox(page, member.email));
      await page.getByRole('heading', { name: 'Email verified' }).waitFor();
      await signIn(page, member.email);
      listingPath = await publishListing(page, goggles(title));
    });

    it('downloads their data from /profile: one JSON file with their profile and listing', async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}/profile`);
      const section = page.getByRole('region', { name: 'Your data and privacy' });
      await section.waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^loadout-data-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      const archive = JSON.parse(await readFile((await file.path())!, 'utf8')) as Archive;
      expect(archive.format).toBe('loadout.data-export.v1');
      for (const service of [
        'identity',
        'listings',
        'orders',
        'messaging',
        'notifications',
        'admin',
      ])
        expect([service, archive.services[service]?.status]).toEqual([service, 'ok']);
      expect(archive.services['identity']!.data!['profile']).toMatchObject({
        username: member.username,
        email: member.email,
        fullName: member.fullName,
      });
      const listings = archive.services['listings']!.data!['listings'] as { title: string }[];
      expect(listings.map((l) => l.title)).toContain(title);
      await page.getByText('Your data has been downloaded').waitFor();
    });

    it('deletes the account after typing the username, and is signed out', async () => {
      const { page } = s;
      // Anything the page still asks with the ended session's token is refused.
      s.expectFailures(/^http 401 /);
      const section = page.getByRole('region', { name: 'Your data and privacy' });
      await section.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const confirm = dialog.getByLabel('Type your username to confirm');
      await confirm.fill('not-me');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Type your username exactly as shown.').waitFor();
      await confirm.fill(member.username);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();
    });

    it('cannot sign in again, and the listing is gone', async () => {
      // The refused sign-in, and the listing's page asking for a listing that is gone.
      s.expectFailures(/^http 401 POST \/auth\/interaction\/[^/]+\/login /);
      s.expectFailures(/^http 404 GET \/api\/v1\/listings\/[A-Za-z0-9_-]{21} /);
      const fresh = await openSecondParty(s.browser);
      await startSignIn(fresh.page, member.email);
      await fresh.page.getByText('Invalid email or password.').waitFor();
      expect(new URL(fresh.page.url()).pathname).toBe('/auth');

      // The listings service withdraws it from identity's event (asynchronously).
      const deadline = Date.now() + 30_000;
      for (;;) {
        await fresh.page.goto(`${baseUrl()}${listingPath}`);
        const gone = fresh.page.getByRole('heading', { name: 'Listing not found' });
        const shown = fresh.page.getByRole('heading', { name: title });
        await gone.or(shown).first().waitFor();
        if ((await gone.count()) > 0) break;
        if (Date.now() > deadline) throw new Error('the listing was still shown after 30 s');
        await fresh.page.waitForTimeout(1_000);
      }
      await fresh.context.close();
    });
  });
}
