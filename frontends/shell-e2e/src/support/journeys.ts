import { type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Password of the accounts the journeys create. */
export const E2E_PASSWORD = 'correct-horse-battery-9';

/** Seeded, verified demo accounts (services/identity seed) and their shared password. */
export const DEMO_SELLER = 'demo.seller@example.com';
export const DEMO_BUYER = 'demo.buyer@example.com';
export const DEMO_PASSWORD = 'loadout-demo-2026';

export const baseUrl = (): string => {
  const url = process.env['E2E_BASE_URL'];
  if (!url)
    throw new Error('E2E_BASE_URL not set: the journeys run under the shell-e2e jest config');
  return url;
};

/** A returning visitor who accepted the age gate yesterday (the gate itself has its own journey). */
export async function asReturningVisitor(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Only the top page of the site: keycloak-js's sandboxed check-sso iframe, and the blank
    // page a new tab shows before its first navigation (an opaque origin), may not touch storage.
    if (window.top !== window || window.origin === 'null') return;
    if (!localStorage.getItem('loadout_acceptance')) {
      localStorage.setItem(
        'loadout_acceptance',
        JSON.stringify({
          timestamp: Date.now() - 86_400_000,
          version: '1.0',
          age: true,
          terms: true,
          privacy: true,
          liability: true,
        }),
      );
    }
  });
}

/**
 * A second person at their own desktop browser (own cookies and storage), e.g. the seller
 * while `openBrowser()`'s page is the buyer; a returning visitor, so the age gate is passed.
 */
export async function openSecondParty(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-IE' });
  await asReturningVisitor(context);
  return { context, page: await context.newPage() };
}

export async function startSignIn(
  page: Page,
  email: string,
  password = E2E_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl()}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').waitFor();
  expect(new URL(page.url()).searchParams.get('uid')).toBeTruthy();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await startSignIn(page, email, password);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();
}

/**
 * On Keycloak's sign-in page (Keycloak mode), signs in and waits until the shell is signed in.
 * Not the URL alone: keycloak-js strips the callback's `#state=…&code=…` from the URL *before*
 * it exchanges the code for tokens, so `/` matches while the exchange is under way; a navigation
 * then cancels it, the shell's session hint is never stored, and the next page starts signed
 * out (the cluster journey's checkout showed "Sign in to buy this item" instead of the
 * delivery choice, ADR 0048).
 */
export async function signInOnKeycloak(
  page: Page,
  stackUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${stackUrl}/auth`);
  await page.waitForURL(/\/realms\/loadout\/protocol\/openid-connect\/auth/);
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
  await page.waitForURL(`${stackUrl}/`);
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** A delivery address as a buyer types it; the order shows it normalised (`N37 X2C4`). */
export const E2E_ADDRESS = {
  name: 'Aoife Example',
  line1: '12 Example Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37x2c4',
} as const;

/**
 * Checkout with tracked post chosen: keeps the first saved address when the buyer has one,
 * otherwise types `E2E_ADDRESS` (saved to the book, the checkbox's default).
 */
export async function giveDeliveryAddress(page: Page): Promise<void> {
  const saved = page.getByRole('group', { name: 'Send it to' });
  const fresh = page.getByRole('group', { name: 'Delivery address' });
  await saved.or(fresh).first().waitFor();
  if (await saved.count()) return;
  await fresh.getByLabel('Full name').fill(E2E_ADDRESS.name);
  await fresh.getByLabel('Address line 1').fill(E2E_ADDRESS.line1);
  await fresh.getByLabel('Town or city').fill(E2E_ADDRESS.town);
  await fresh.getByLabel('County').selectOption(E2E_ADDRESS.county);
  await fresh.getByLabel('Eircode').fill(E2E_ADDRESS.eircode);
}

/** On the checkout's payment step, pays `total` (as the button says it) with the test card. */
export async function payWithTestCard(page: Page, total: string): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}

/**
 * From the listing page at `listingUrl`, a signed-in buyer starts a checkout by tracked post
 * (the saved address or `E2E_ADDRESS`) up to the payment step, so the order exists and is
 * unpaid (`pending_payment`); returns the order's id.
 */
export async function checkoutByTrackedPost(page: Page, listingUrl: string): Promise<string> {
  await page.goto(listingUrl);
  await page.getByRole('link', { name: 'Buy now' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/checkout/'));
  await page.getByRole('radio', { name: 'Tracked post' }).check();
  await giveDeliveryAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL((u) => u.searchParams.has('order'));
  return new URL(page.url()).searchParams.get('order')!;
}

/**
 * From the listing page at `listingUrl`, a signed-in buyer buys it by tracked post (the saved
 * address or `E2E_ADDRESS`) and pays `total` with the test card, up to the success page.
 */
export async function buyByTrackedPost(
  page: Page,
  listingUrl: string,
  total: string,
  timeout = 20_000,
): Promise<void> {
  await checkoutByTrackedPost(page, listingUrl);
  await payWithTestCard(page, total);
  await page.waitForURL((u) => u.pathname === '/purchase-success', { timeout });
}
