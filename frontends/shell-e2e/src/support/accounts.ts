import { type Page } from 'playwright-core';
import { baseUrl, E2E_PASSWORD, signIn } from './journeys';

// New accounts made through the sign-up page, verified through the development mailbox.

export function newUser(tag: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    email: `e2e.${tag}.${id}@example.com`,
    username: `e2e_${tag}_${id}`.slice(0, 30),
    fullName: `E2E ${tag} Tester`,
  };
}

export async function signUp(page: Page, user: ReturnType<typeof newUser>): Promise<void> {
  await page.goto(`${baseUrl()}/auth?tab=signup`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full name').fill(user.fullName);
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Date of birth').fill('1990-05-01');
  await form.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
  await form.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  const done = page.getByRole('region', { name: 'Account created' });
  await done.waitFor();
  await done.getByText(user.email).waitFor();
}

/** Reads the verification link from the development mailbox page, as a developer would. */
export async function verificationLinkFromMailbox(page: Page, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await page.goto(`${baseUrl()}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = page.locator('a[href*="/auth/verify-email?token="]').first();
    if ((await link.count()) > 0) return (await link.getAttribute('href'))!;
    await page.waitForTimeout(500);
  }
  throw new Error(`no verification mail for ${email} in /dev/mailbox within 30 s`);
}

/** A new member signs up, verifies through the development mailbox and signs in. */
export async function signUpVerified(page: Page, user: ReturnType<typeof newUser>): Promise<void> {
  await signUp(page, user);
  await page.goto(await verificationLinkFromMailbox(page, user.email));
  await page.getByRole('heading', { name: 'Email verified' }).waitFor();
  await signIn(page, user.email);
}
