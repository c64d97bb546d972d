import { Client } from 'pg';
import { type Locator, type Page } from 'playwright-core';
import { newUser, signUpVerified } from './support/accounts';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import {
  asReturningVisitor,
  baseUrl,
  buyByTrackedPost,
  checkoutByTrackedPost,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  openSecondParty,
  payWithTestCard,
  signIn,
} from './support/journeys';
import { publishListing, type ListingDraft } from './support/sell';

// Issue 25's "wording table" as a browser journey: frontends/orders/README.md, "What an order
// card says (state × viewer × wording)" and "Elsewhere, the same rule". A new seller (so their
// money totals are this journey's alone) sells three items to the demo buyer; at each state of
// each order, My Purchases (buyer) and My Sales (seller) are read at 1280×800 and again at
// 390×844, and must say exactly what the table says. The demo seller plays a different buyer.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** "€34.60" from 3460, as the app writes money (always two decimals; no amount here reaches €1,000). */
const euro = (cents: number) =>
  `€${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * What an order of `priceCents` + `postageCents` by tracked post costs the buyer and pays the
 * seller (docs/domain.md "Money"): the buyer's fee is 2.5 % of item + postage, half-up to the
 * cent, computed here independently of the app.
 */
function amountsOf(priceCents: number, postageCents: number) {
  const receives = priceCents + postageCents;
  const fee = Math.floor((receives * 250 + 5_000) / 10_000);
  return { total: euro(receives + fee), receives: euro(receives), fee };
}

interface Party {
  page: Page;
}

/** The order card of `title` on the dashboard at `path` (opened afresh). */
async function orderCard(party: Party, path: string, title: string): Promise<Locator> {
  const { page } = party;
  await page.goto(`${baseUrl()}${path}`);
  const card = page.locator('li', { has: page.getByRole('heading', { name: title }) });
  await card.waitFor();
  return card;
}

/**
 * The card of `title` on the dashboard at `path` shows `badge` and exactly `money` as its money
 * line, at 1280×800 and then at 390×844 (visible at both, not only present); ends at desktop.
 */
async function expectCardSays(
  party: Party,
  path: '/buyer-dashboard' | '/seller-dashboard',
  title: string,
  badge: string,
  money: string,
): Promise<void> {
  const { page } = party;
  await page.setViewportSize(DESKTOP);
  const card = await orderCard(party, path, title);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await card.getByText(badge, { exact: true }).waitFor();
    await card.getByText(money, { exact: true }).waitFor();
  }
  await page.setViewportSize(DESKTOP);
}

/** Reloads the listing page until its banner says `banner` (listings learns of orders by events). */
async function expectListingBanner(party: Party, listingPath: string, banner: string) {
  const { page } = party;
  const text = page.getByText(banner, { exact: true });
  for (let i = 0; i < 30; i++) {
    await page.goto(`${baseUrl()}${listingPath}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (await text.count()) break;
    await page.waitForTimeout(500);
  }
  await text.waitFor({ timeout: 1_000 });
  expect(await page.getByRole('link', { name: 'Buy now' }).count()).toBe(0);
}

const UNAVAILABLE = 'This item is no longer available';
const UNAVAILABLE_TEXT = 'Someone else is buying it, or it has been sold or withdrawn.';

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log(
    'skipped: /usr/bin/chromium not installed (apt-get install chromium); wording journey not run',
  );
} else {
  // Each step reads two dashboards at two sizes (and polls the listing page): more than the
  // config's 60 s when the shared machine is busy.
  jest.setTimeout(120_000);

  describe('the order wording table, buyer and seller at 1280×800 and 390×844, in Chromium against `npm start`', () => {
    let s: BrowserSession;
    /** The demo buyer (s.page, whose errors are checked after each step). */
    let buyer: Party;
    let seller: Awaited<ReturnType<typeof openSecondParty>>;
    let other: Awaited<ReturnType<typeof openSecondParty>>;
    const member = newUser('wording');
    const tag = Date.now().toString(36);
    // 29.60 + 5.00 = 34.60; 2.5 % is 86.5 cents, half-up 87 (a float or banker's rounding says 86).
    const a = { title: `Example gas pistol ${tag} wording`, price: 2960, postage: 500, path: '' };
    const b = { title: `Example chest rig ${tag} wording`, price: 2200, postage: 450, path: '' };
    const c = { title: `Example sling ${tag} wording`, price: 1500, postage: 400, path: '' };
    const draft = (item: typeof a): ListingDraft => ({
      title: item.title,
      description: 'Used for two seasons, works as it should, comes from a smoke-free home.',
      category: 'tactical_gear',
      condition: 'good',
      price: (item.price / 100).toFixed(2),
      county: 'Kerry',
      delivery: { postage: (item.postage / 100).toFixed(2) },
    });
    const A = amountsOf(a.price, a.postage);
    const B = amountsOf(b.price, b.postage);
    const C = amountsOf(c.price, c.postage);
    let orderA = '';

    /** Both parties' cards for `title`: the same badge, each its own money line from the table. */
    const expectCardsSay = async (
      title: string,
      badge: string,
      lines: { buyer: string; seller: string },
    ) => {
      await expectCardSays(buyer, '/buyer-dashboard', title, badge, lines.buyer);
      await expectCardSays(seller, '/seller-dashboard', title, badge, lines.seller);
    };

    beforeAll(async () => {
      s = await openBrowser(DESKTOP);
      await asReturningVisitor(s.context);
      buyer = { page: s.page };
      seller = await openSecondParty(s.browser, DESKTOP);
      other = await openSecondParty(s.browser, DESKTOP);
    });

    afterAll(async () => {
      await seller?.context.close();
      await other?.context.close();
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('a new seller lists three items; the demo buyer and, as another buyer, the demo seller sign in', async () => {
      expect(A.fee).toBe(87);
      await signUpVerified(seller.page, member);
      for (const item of [a, b, c]) item.path = await publishListing(seller.page, draft(item));
      await signIn(buyer.page, DEMO_BUYER, DEMO_PASSWORD);
      await signIn(other.page, DEMO_SELLER, DEMO_PASSWORD);
    });

    it('pending_payment: "To pay" / "Not paid yet: you would receive"; the listing says a buyer is completing checkout; the buyer is taken back to their order, anyone else is told it is not available', async () => {
      orderA = await checkoutByTrackedPost(buyer.page, `${baseUrl()}${a.path}`);
      await buyer.page.getByRole('button', { name: `Pay ${A.total}` }).waitFor();

      await expectCardsSay(a.title, 'Awaiting payment', {
        buyer: `To pay ${A.total}`,
        seller: `Not paid yet: you would receive ${A.receives}`,
      });
      await expectListingBanner(
        other,
        a.path,
        'Reserved. A buyer is completing checkout, so it cannot be bought now. If they do not pay, it goes back on sale.',
      );

      // The same buyer comes back without `?order=`: their own order, at its payment step.
      await buyer.page.goto(`${baseUrl()}/checkout/${a.path.split('/').pop()}`);
      await buyer.page.waitForURL((u) => u.searchParams.get('order') === orderA);
      await buyer.page.getByRole('button', { name: `Pay ${A.total}` }).waitFor();
      expect(await buyer.page.getByText(UNAVAILABLE).count()).toBe(0);
      // Someone else is told it is not available, and stays where they are.
      await other.page.goto(`${baseUrl()}/checkout/${a.path.split('/').pop()}`);
      await other.page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
      await other.page.getByText(UNAVAILABLE_TEXT, { exact: true }).waitFor();
      expect(new URL(other.page.url()).searchParams.has('order')).toBe(false);
    });

    it('paid: "You paid" / "Paid: … held for you until delivery"; the listing says Sold — awaiting delivery; the buyer coming back goes to the success page; axe on both dashboards at phone size', async () => {
      // Resumes where the previous step left the buyer: `/checkout/{id}?order=…`.
      await payWithTestCard(buyer.page, A.total);
      await buyer.page.waitForURL((u) => u.pathname === '/purchase-success', { timeout: 20_000 });

      await expectCardsSay(a.title, 'Paid — money held', {
        buyer: `You paid ${A.total}`,
        seller: `Paid: ${A.receives} held for you until delivery`,
      });
      const held = seller.page
        .locator('.lo-facts__row', { hasText: 'Held in escrow' })
        .locator('dd');
      expect(await held.textContent()).toBe(A.receives);
      await expectListingBanner(
        other,
        a.path,
        'Sold — awaiting delivery. A buyer has paid for this item and the sale completes once it is delivered.',
      );

      await buyer.page.goto(`${baseUrl()}/checkout/${a.path.split('/').pop()}`);
      await buyer.page.waitForURL(
        (u) => u.pathname === '/purchase-success' && u.searchParams.get('order') === orderA,
      );
      await other.page.goto(`${baseUrl()}/checkout/${a.path.split('/').pop()}`);
      await other.page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
      await other.page.getByText(UNAVAILABLE_TEXT, { exact: true }).waitFor();

      // Both dashboards at a phone's size: 0 serious or critical axe findings.
      for (const [party, path] of [
        [buyer, '/buyer-dashboard'],
        [seller, '/seller-dashboard'],
      ] as const) {
        await party.page.setViewportSize(PHONE);
        await orderCard(party, path, a.title);
        expect(await axeViolations(party.page)).toEqual([]);
        await party.page.setViewportSize(DESKTOP);
      }
    });

    it('shipped: "You paid" / "… held for you until delivery is confirmed"', async () => {
      const sale = await orderCard(seller, '/seller-dashboard', a.title);
      const form = sale.getByRole('form', { name: `Mark ${a.title} as shipped` });
      await form.getByLabel('Carrier').fill('An Post');
      await form.getByLabel('Tracking number').fill('RR987654321IE');
      await form.getByRole('button', { name: 'Mark as shipped' }).click();
      await sale.getByText('Sent with An Post, tracking number').waitFor();

      await expectCardsSay(a.title, 'Shipped', {
        buyer: `You paid ${A.total}`,
        seller: `${A.receives} held for you until delivery is confirmed`,
      });
    });

    it('completed: "You paid" / "You earned"; with payouts not set up, Your money says it is owed, not released', async () => {
      const order = await orderCard(buyer, '/buyer-dashboard', a.title);
      await order.getByRole('button', { name: 'Confirm delivery' }).click();
      await buyer.page
        .getByRole('dialog', { name: 'Confirm delivery?' })
        .getByRole('button', { name: 'Yes, it arrived' })
        .click();
      await order.getByText('Completed', { exact: true }).waitFor();

      await expectCardsSay(a.title, 'Completed', {
        buyer: `You paid ${A.total}`,
        seller: `You earned ${A.receives}`,
      });
      // A new seller: the only money owed is this order's.
      const { page } = seller;
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        const owed = page.locator('.lo-facts__row', { hasText: 'Owed to you' }).locator('dd');
        await owed.waitFor();
        expect(await owed.textContent()).toBe(A.receives);
        await page
          .getByText(`${A.receives} owed to you, paid out once payouts are set up.`, {
            exact: true,
          })
          .waitFor();
        expect(await page.getByText('Released to you', { exact: true }).count()).toBe(0);
      }
      await page.setViewportSize(DESKTOP);
    });

    it('cancelled after payment: "Refunded" / "Not sold: the buyer was refunded"', async () => {
      await buyByTrackedPost(buyer.page, `${baseUrl()}${b.path}`, B.total);
      const order = await orderCard(buyer, '/buyer-dashboard', b.title);
      await order.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = buyer.page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog
        .getByText(`You get a full refund of ${B.total}, including the escrow fee.`)
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await order.getByText('Cancelled', { exact: true }).waitFor();

      await expectCardsSay(b.title, 'Cancelled', {
        buyer: `Refunded ${B.total}`,
        seller: 'Not sold: the buyer was refunded',
      });
      // Nothing of the refunded order is owed to the seller.
      const owed = seller.page.locator('.lo-facts__row', { hasText: 'Owed to you' }).locator('dd');
      expect(await owed.textContent()).toBe(A.receives);
    });

    it('expired (never paid): "Not paid" for both, with no amount', async () => {
      const orderC = await checkoutByTrackedPost(buyer.page, `${baseUrl()}${c.path}`);
      await buyer.page.getByRole('button', { name: `Pay ${C.total}` }).waitFor();
      // Its pay-by deadline (ORDERS_PAY_WITHIN_SECONDS, 30 min) comes now: the job row is made
      // due, as orders.e2e-spec.ts does; the running worker expires the order for real.
      const db = new Client({ connectionString: process.env['E2E_DATABASE_URL'] });
      await db.connect();
      try {
        const due = await db.query(
          `UPDATE orders.jobs SET due_at = now() - interval '1 second'
            WHERE kind = 'expire_unpaid' AND done_at IS NULL AND order_id = $1`,
          [orderC],
        );
        expect(due.rowCount).toBe(1);
      } finally {
        await db.end();
      }
      for (let i = 0; i < 30; i++) {
        const card = await orderCard(buyer, '/buyer-dashboard', c.title);
        if (await card.getByText('Expired', { exact: true }).count()) break;
        await buyer.page.waitForTimeout(1_000);
      }

      await expectCardsSay(c.title, 'Expired', {
        buyer: 'Not paid',
        seller: 'Not paid',
      });
      for (const party of [buyer, seller]) {
        const card = party.page.locator('li', {
          has: party.page.getByRole('heading', { name: c.title }),
        });
        expect(await card.getByText(C.total).count()).toBe(0);
        expect(await card.getByText(C.receives).count()).toBe(0);
      }
    });
  });
}
