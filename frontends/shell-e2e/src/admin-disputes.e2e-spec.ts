import { Client } from 'pg';
import { type BrowserContext, type Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  baseUrl,
  buyByTrackedPost,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  openSecondParty,
  signIn,
} from './support/journeys';
import { publishListing } from './support/sell';

/** Seeded admin (services/identity seed). */
const DEMO_ADMIN = 'demo.admin@example.com';

/** The dispute and order of the listing's paid order (the page shows ids, not titles). */
async function disputeOf(listingId: string): Promise<{ disputeId: string; orderId: string }> {
  const db = new Client({ connectionString: process.env['E2E_DATABASE_URL'] });
  await db.connect();
  try {
    const { rows } = await db.query<{ disputeId: string; orderId: string }>(
      `SELECT d.id AS "disputeId", o.id AS "orderId"
         FROM orders.disputes d JOIN orders.orders o ON o.id = d.order_id
        WHERE o.listing_id = $1`,
      [listingId],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  } finally {
    await db.end();
  }
}

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); admin disputes journey not run',
  );
} else {
  // Issue 26 (ADR 0038): an escalated dispute reaches the admins' queue and an admin decides it.
  describe('admin disputes journey in Chromium against `npm start`', () => {
    let s: BrowserSession;
    let seller: { context: BrowserContext; page: Page };
    let admin: { context: BrowserContext; page: Page };
    const tag = `Dora${Date.now().toString(36)}`;
    const title = `Example gas pistol ${tag} holster`;
    let listingId = '';
    let ids = { disputeId: '', orderId: '' };

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
      seller = await openSecondParty(s.browser);
      admin = await openSecondParty(s.browser);
    });

    afterAll(async () => {
      await admin?.context.close();
      await seller?.context.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('the seller lists an item and the buyer pays for it', async () => {
      await signIn(seller.page, DEMO_SELLER, DEMO_PASSWORD);
      const path = await publishListing(seller.page, {
        title,
        description: 'Drop-leg holster for a gas pistol, used twice, all straps intact.',
        category: 'tactical_gear',
        condition: 'good',
        price: '30',
        county: 'Cork',
        delivery: { postage: '5' },
      });
      listingId = path.split('/').pop()!;

      const { page } = s;
      await signIn(page, DEMO_BUYER, DEMO_PASSWORD);
      // €30 + €5 postage + €0.88 fee (2.5 % of €35, half-up) = €35.88.
      await buyByTrackedPost(page, `${baseUrl()}${path}`, '€35.88');
    });

    it('the buyer opens a dispute and the seller contests it: it is escalated', async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}/buyer-dashboard`);
      const order = page.locator('li', { has: page.getByRole('heading', { name: title }) });
      await order.getByText('Paid — money held').waitFor({ timeout: 20_000 });
      await order.getByRole('button', { name: 'Open a dispute' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a dispute' });
      await dialog
        .getByLabel('Describe the problem')
        .fill('Nothing arrived and tracking has not moved.');
      await dialog.getByRole('button', { name: 'Open dispute' }).click();
      await page.waitForURL(`${baseUrl()}/disputes`);
      ids = await disputeOf(listingId);

      await seller.page.goto(`${baseUrl()}/disputes`);
      const card = seller.page.locator('li', {
        has: seller.page.getByRole('heading', { name: new RegExp(`order ${ids.orderId}`) }),
      });
      await card.getByRole('radio', { name: /Contest it/ }).check();
      await card.getByLabel('Message to the buyer').fill('Posted with An Post on Monday.');
      await card.getByRole('button', { name: 'Send response' }).click();
      await seller.page.getByText('Response sent', { exact: true }).waitFor();
    });

    it('an admin finds it in the Disputes queue and decides a partial refund with reasons', async () => {
      const { page } = admin;
      await signIn(page, DEMO_ADMIN, DEMO_PASSWORD);
      await page.goto(`${baseUrl()}/admin`);
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Disputes' })
        .click();
      await page.waitForURL(`${baseUrl()}/admin/disputes`);
      const link = page.getByRole('link', { name: `Dispute on order ${ids.orderId}` });
      await link.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await link.click();
      await page.waitForURL(`${baseUrl()}/admin/disputes/${ids.disputeId}`);
      await page.getByText('Nothing arrived and tracking has not moved.').waitFor();
      await page.getByText('Posted with An Post on Monday.').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const thread = page.getByRole('form', { name: 'Write in the thread' });
      await thread
        .getByRole('textbox', { name: /Message to both parties/ })
        .fill('Please both upload what you have: a receipt of posting, a photo of the letterbox.');
      await thread.getByRole('button', { name: 'Post message' }).click();
      await page.getByText('Message posted', { exact: true }).waitFor();

      const form = page.getByRole('form', { name: 'Decide the dispute' });
      await form.getByRole('combobox', { name: /Outcome/ }).selectOption('partial_refund');
      await form.getByRole('textbox', { name: /Refund to the buyer/ }).fill('15.50');
      await form
        .getByRole('textbox', { name: /Statement of reasons/ })
        .fill('Posting is proven but tracking stops at the depot: the loss is shared.');
      await form.getByRole('button', { name: 'Record the decision' }).click();
      await page.getByText('Dispute decided', { exact: true }).waitFor();
      await page.getByText('Buyer refunded €15.50; the rest went to the seller.').waitFor();
      expect(await page.getByRole('form', { name: 'Decide the dispute' }).count()).toBe(0);
    });

    it('the order lookup shows the order, the refund posting and a balanced ledger', async () => {
      const { page } = admin;
      await page.getByRole('link', { name: ids.orderId }).click();
      await page.waitForURL(`${baseUrl()}/admin/orders?id=${ids.orderId}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText('Balanced: the postings sum to €0.00.').waitFor();
      await page.getByRole('table').getByText('-€15.50').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
