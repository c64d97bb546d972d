import { type Page } from 'playwright-core';
import { baseUrl } from './journeys';

// The two inboxes a journey reads: the dev mailbox (MAIL_TRANSPORT=devbox in the stack) and the
// header's notification bell.

/** Subjects of the mail the dev mailbox (MAIL_TRANSPORT=devbox in the stack) holds for `to`. */
export async function mailSubjects(to: string): Promise<string[]> {
  const res = await fetch(`${baseUrl()}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { subject: string }[]).map((m) => m.subject);
}

/** The plain text of the newest mail to `to` with this subject (it must be there already). */
export async function mailText(to: string, subject: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const mail = ((await res.json()) as { subject: string; text: string }[]).find(
    (m) => m.subject === subject,
  );
  expect(mail).toBeDefined();
  return mail!.text;
}

/** Waits (up to 30 s: the notifications consumer lags by a relay tick) for every subject. */
export async function expectMail(to: string, subjects: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await mailSubjects(to);
    if (subjects.every((s) => seen.includes(s))) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(seen).toEqual(expect.arrayContaining(subjects));
}

/** Opens the header bell until `text` shows in it (the inbox item arrives through events). */
export async function expectInBell(page: Page, text: RegExp): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    if (await panel.getByText(text).count()) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await page.getByRole('dialog', { name: 'Notifications' }).getByText(text).waitFor({
    timeout: 1_000,
  });
}
