import { formatExpiry, renderEmail, type RenderedEmail } from './email-layout';

/** Names recorded in `email_log.template`. */
export const EMAIL_TEMPLATES = [
  'verification',
  'password_reset',
  'welcome',
  'admin_role',
  'sign_up_attempt',
  'sign_in_throttled',
] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATES)[number];

const greeting = (displayName: string | null | undefined) =>
  displayName?.trim() ? `Hi ${displayName.trim()},` : 'Hi there,';

const expiryLine = (expiresAt: string, after: string) => {
  const expiry = formatExpiry(expiresAt);
  return expiry ? `This link expires on ${expiry}. ${after}` : `This link expires soon. ${after}`;
};

export function verificationEmail(input: {
  displayName: string;
  verifyUrl: string;
  expiresAt: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Verify your email for Loadout',
    greeting: greeting(input.displayName),
    intro: [
      'Thanks for signing up to Loadout. Please confirm that this is your email address; you can sign in once it is verified.',
    ],
    action: { label: 'Verify your email', url: input.verifyUrl },
    outro: [
      expiryLine(
        input.expiresAt,
        'After that, ask for a new link from the sign-in page (Resend verification).',
      ),
      "If you didn't create a Loadout account, you can ignore this email.",
    ],
  });
}

export function passwordResetEmail(input: {
  displayName: string;
  resetUrl: string;
  expiresAt: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Reset your Loadout password',
    greeting: greeting(input.displayName),
    intro: ['Someone asked to reset the password of the Loadout account for this email address.'],
    action: { label: 'Choose a new password', url: input.resetUrl },
    outro: [
      expiryLine(input.expiresAt, 'It works once.'),
      "If you didn't ask, ignore this email: your password stays as it is.",
    ],
  });
}

/** Sign-up with an address that already has an account: the owner hears it, not the caller. */
export function signUpAttemptEmail(input: {
  displayName: string;
  signInUrl: string;
  resetUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Someone tried to sign up with your email address',
    greeting: greeting(input.displayName),
    intro: [
      'Someone tried to create a new Loadout account with this email address. You already have an account, so nothing was created.',
    ],
    action: { label: 'Sign in to Loadout', url: input.signInUrl },
    outro: [
      `If it was you and you forgot your password, reset it here: ${input.resetUrl}`,
      "If it wasn't you, you can ignore this email: your account is unchanged.",
    ],
  });
}

/** Wrong passwords for the account, from anywhere (ADR 0021): the owner hears it, once per window. */
export function signInThrottledEmail(input: {
  displayName: string;
  failedAttempts: number;
  windowMinutes: number;
  resetUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Someone is trying to sign in to your Loadout account',
    greeting: greeting(input.displayName),
    intro: [
      `Someone entered a wrong password for your Loadout account ${input.failedAttempts} times in the last ${input.windowMinutes} minutes.`,
      'We now make each further attempt from the same place wait longer. Your account is not locked: you can still sign in with your password.',
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    outro: [
      'If it was you, there is nothing to do: sign in when you remember your password, or choose a new one.',
      "If it wasn't you, your account is safe as long as your password is unique to Loadout. If you use it anywhere else, choose a new one now.",
    ],
  });
}

export function welcomeEmail(input: {
  displayName: string | null;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Welcome to Loadout',
    greeting: greeting(input.displayName),
    intro: [
      'Your email address is verified and your Loadout account is ready.',
      'Browse gear from airsoft players across Ireland, list your own kit for sale and find playing fields near you.',
    ],
    action: { label: 'Sign in to Loadout', url: `${input.publicUrl}/auth` },
    outro: ['Add a short bio and your county to your profile so buyers and sellers know you.'],
  });
}

export function adminRoleEmail(input: {
  displayName: string | null;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'You are now a Loadout administrator',
    greeting: greeting(input.displayName),
    intro: [
      'Your Loadout account has been given the administrator role.',
      'Sign out and sign in again to see the Admin Dashboard.',
    ],
    action: { label: 'Open the Admin Dashboard', url: `${input.publicUrl}/admin` },
    outro: ['If you did not expect this change, tell the Loadout team straight away.'],
  });
}
